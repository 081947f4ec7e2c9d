import { z } from 'zod';
import { LANGUAGE_KEYS } from './constants.ts';
import { endpoint } from './endpoint.ts';
import { REFUND_STAGES } from './refunds.ts';

export const langParam = z.enum(LANGUAGE_KEYS);

export const webContextResponse = z.object({
  webcontext: z.union([z.literal(0), z.literal(1), z.literal(2)]),
  /** Demo mode: the login page lists the demo accounts. */
  demo: z.boolean(),
});
export type WebContextResponse = z.infer<typeof webContextResponse>;
/** The meta element of index.html that holds the same answer for the host the page was asked at (decision 0087). */
export const WEB_CONTEXT_META = 'portal-web-context';

export const languagesResponse = z.array(z.object({ key: langParam, title: z.string() }));

export const dictionaryResponse = z.object({ key: langParam, words: z.record(z.string(), z.string()) });
export type DictionaryResponse = z.infer<typeof dictionaryResponse>;

/**
 * The site's own calls, anonymous (issue 24: declared once): the web context of the host, the interface's languages
 * and a language's dictionary. The web loads them before the first render and keeps them across sign-in and logout.
 */
export const commonCalls = {
  webContext: endpoint({
    method: 'GET',
    path: '/api/common/webcontext',
    access: 'anonymous',
    summary: 'The site variant (0, 1, 2) of the host the request came to',
    tags: ['common'],
    response: webContextResponse,
  }),
  languages: endpoint({
    method: 'GET',
    path: '/api/common/languages',
    access: 'anonymous',
    summary: 'The languages of the interface, in display order',
    tags: ['common'],
    response: languagesResponse,
  }),
  dictionary: endpoint({
    method: 'GET',
    path: '/api/common/langs/:lang',
    access: 'anonymous',
    summary: 'The whole dictionary of a language',
    tags: ['common'],
    params: z.object({ lang: langParam }),
    response: dictionaryResponse,
  }),
};

export const welcomeQuery = z.object({ lang: langParam.default('es') });
export const welcomeResponse = z.object({ html: z.string() });

/** An ERP order with the sum of its lines. */
export const summaryOrder = z.object({
  id: z.string(),
  date: z.string(),
  status: z.number().int(),
  amount: z.number(),
});
/** A web order: `imported` into the ERP or not yet (the web says which in words, as the web orders grid does). */
export const summaryWebOrder = z.object({
  id: z.number().int(),
  date: z.string(),
  imported: z.boolean(),
  amount: z.number(),
});
export const summaryRefund = z.object({
  id: z.number().int(),
  date: z.string().nullable(),
  stage: z.enum(REFUND_STAGES),
});

/**
 * The dashboard's blocks of the caller's own documents (issue 25; decision 0090): the 5 latest orders and web orders,
 * the open returns (count and 3 latest), and the invoiced net amount of this month and the last (business months).
 * `staff` only for staff (rank 2): the web orders waiting for the ERP and the returns waiting for a decision, oldest
 * first; null for customers.
 */
export const dashboardSummaryResponse = z.object({
  orders: z.array(summaryOrder),
  webOrders: z.array(summaryWebOrder),
  returns: z.object({ open: z.number().int(), latest: z.array(summaryRefund) }),
  spending: z.object({ month: z.string(), thisMonth: z.number(), lastMonth: z.number() }),
  staff: z
    .object({
      webOrdersWaiting: z.object({ count: z.number().int(), oldest: z.array(summaryWebOrder) }),
      refundsWaiting: z.object({ count: z.number().int(), oldest: z.array(summaryRefund) }),
    })
    .nullable(),
});
export type DashboardSummary = z.infer<typeof dashboardSummaryResponse>;

/** The dashboard's welcome text (issue 24: declared once); its news, events and menus are postCalls.dashboard. */
export const dashboardCalls = {
  welcome: endpoint({
    method: 'GET',
    path: '/api/inclient/GetWellcomeDashboard',
    access: 'user',
    summary: 'Welcome HTML of the dashboard for the site variant and language (sanitised)',
    tags: ['clients'],
    query: welcomeQuery,
    response: welcomeResponse,
  }),
  summary: endpoint({
    method: 'GET',
    path: '/api/inclient/dashboardsummary',
    access: 'user',
    summary: 'The dashboard’s blocks: latest orders and web orders, open returns, spending; staff: what waits for them',
    description:
      'Customers see their client’s documents; staff every client’s, plus the web orders not yet imported into the ' +
      'ERP and the returns waiting for a decision. Spending is the invoiced net amount of the business month.',
    tags: ['clients'],
    response: dashboardSummaryResponse,
  }),
};

export type NavMenuItem = {
  title: string;
  icon: string | null;
  sref: string | null;
  href: string | null;
  items: NavMenuItem[];
};
export const navMenuItem: z.ZodType<NavMenuItem> = z.lazy(() =>
  z.object({
    title: z.string(),
    icon: z.string().nullable(),
    sref: z.string().nullable(),
    href: z.string().nullable(),
    items: z.array(navMenuItem),
  }),
);
// Named for the API document: a recursive schema is a component there (decision 0055).
z.globalRegistry.add(navMenuItem, { id: 'NavMenuItem' });
export const navMenuResponse = z.array(navMenuItem);

export const healthResponse = z.object({ status: z.enum(['ok', 'down']), db: z.enum(['pglite', 'postgres']) });

/** The probe of load balancers and monitors: whether this instance's database answers (no token). */
export const healthCalls = {
  health: endpoint({
    method: 'GET',
    path: '/api/health',
    access: 'anonymous',
    summary: '200 when the database answers, 503 when not',
    tags: ['health'],
    response: healthResponse,
    refusals: { 503: healthResponse },
  }),
};
