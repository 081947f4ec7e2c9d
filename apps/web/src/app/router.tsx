import { type ComponentType, lazy, Suspense, useState } from 'react';
import {
  createBrowserRouter,
  type LazyRouteFunction,
  type LoaderFunctionArgs,
  type RouteObject,
  redirect,
} from 'react-router';
import type { ImagePickerComponent, ImagePickerProps } from '@/components/image-picker-type';
import { loginPathFor } from '@/features/account/return-path';
import Login from '@/features/account/routes/login';
import { isSignedIn } from '@/lib/auth-storage';
import type { RouteHandle } from './route-handle';
import { BootSplash } from './routes/boot-splash';
import { RouteError } from './routes/route-error';

type PageModule = { default: ComponentType };

/** A code-split screen: the module's default export is the page. */
function page(load: () => Promise<PageModule>): LazyRouteFunction<RouteObject> {
  return async () => ({ Component: (await load()).default });
}

type PickerPageModule = { default: ComponentType<{ ImagePicker: ImagePickerComponent }> };

const GalleryPicker = lazy(() =>
  import('@/features/images/components/image-picker').then((m) => ({ default: m.ImagePicker })),
);

/** The image gallery's picker, loaded the first time it opens: a screen that only may pick pictures pays nothing. */
function ImagePickerOnDemand(props: ImagePickerProps) {
  const [wanted, setWanted] = useState(props.open);
  if (props.open && !wanted) setWanted(true);
  return wanted ? (
    <Suspense fallback={null}>
      <GalleryPicker {...props} />
    </Suspense>
  ) : null;
}

/** A screen that picks pictures: the image gallery's picker is handed in here (features never import each other). */
function withImagePicker(load: () => Promise<PickerPageModule>): LazyRouteFunction<RouteObject> {
  return async () => {
    const Screen = (await load()).default;
    return { Component: () => <Screen ImagePicker={ImagePickerOnDemand} /> };
  };
}

/** Signed out, a screen sends to /login, which keeps the page asked for to open it after signing in. */
function requireSignedIn({ request }: LoaderFunctionArgs) {
  if (!isSignedIn()) {
    const asked = new URL(request.url);
    throw redirect(loginPathFor(`${asked.pathname}${asked.search}${asked.hash}`));
  }
  return null;
}

/**
 * A signed-in screen: signed out, it sends to /login; signed in, the frame's data is asked in one call as soon as the
 * layout's code is there (layout/shell.ts; the route's `lazy` imports the same module, so nothing more is loaded).
 */
async function signedInFrame(args: LoaderFunctionArgs) {
  requireSignedIn(args);
  (await import('./frame')).prefetchShell();
  return null;
}

function homeOrLogin() {
  return redirect(isSignedIn() ? '/dashboard' : '/login');
}

/** Screens of the authenticated layout (spec part 1 §2 and part 2 §2). */
const screens: RouteObject[] = [
  {
    path: 'dashboard',
    handle: { title: 'UI_Title_Dashboard' } satisfies RouteHandle,
    lazy: page(() => import('@/features/dashboard/routes/dashboard')),
  },
  {
    path: 'product-list/:prod?',
    handle: { title: 'UI_Title_ProductList' } satisfies RouteHandle,
    lazy: page(() => import('@/features/catalog/routes/product-list')),
  },
  {
    path: 'my-cart',
    handle: { title: 'UI_Title_Cart' } satisfies RouteHandle,
    lazy: page(() => import('@/features/cart/routes/my-cart')),
  },
  {
    path: 'stock-alerts',
    handle: { title: 'UI_SA_Title' } satisfies RouteHandle,
    lazy: page(() => import('@/features/notifications/routes/stock-alerts')),
  },
  {
    path: 'lists',
    handle: { title: 'UI_Title_Lists' } satisfies RouteHandle,
    lazy: page(() => import('@/features/cart/routes/lists')),
  },
  {
    path: 'lists/:id',
    handle: { title: 'UI_Title_Lists' } satisfies RouteHandle,
    lazy: page(() => import('@/features/cart/routes/list-detail')),
  },
  {
    path: 'quick-order',
    handle: { title: 'UI_Title_QuickOrder' } satisfies RouteHandle,
    lazy: page(() => import('@/features/cart/routes/quick-order')),
  },
  {
    path: 'my-cart/checkout',
    handle: { title: 'UI_Title_Checkout' } satisfies RouteHandle,
    lazy: page(() => import('@/features/checkout/routes/checkout')),
  },
  {
    path: 'my-cart/checkout/:tarjetaId/:cartId',
    handle: { title: 'UI_Title_Checkout' } satisfies RouteHandle,
    lazy: page(() => import('@/features/checkout/routes/checkout')),
  },
  {
    path: 'my-cart/checkoutresult/:tarjetaId/:cartId',
    handle: { title: 'UI_Title_CheckoutResult' } satisfies RouteHandle,
    lazy: page(() => import('@/features/checkout/routes/checkout-result')),
  },
  {
    path: 'help',
    handle: { title: 'UI_Title_Help' } satisfies RouteHandle,
    lazy: page(() => import('@/features/posts/routes/help')),
  },
  {
    path: 'sales/:salesid?',
    handle: { title: 'UI_Title_Sales' } satisfies RouteHandle,
    lazy: page(() => import('@/features/sales/routes/sales')),
  },
  {
    path: 'salesweb/:salesid?',
    handle: { title: 'UI_Title_SalesWeb' } satisfies RouteHandle,
    lazy: page(() => import('@/features/salesweb/routes/salesweb')),
  },
  {
    path: 'salesweb-admin',
    handle: { title: 'UI_Title_SalesWebAdmin' } satisfies RouteHandle,
    lazy: page(() => import('@/features/salesweb/routes/salesweb-admin')),
  },
  {
    path: 'invoice/:invoiceid?',
    handle: { title: 'UI_Title_Invoices' } satisfies RouteHandle,
    lazy: page(() => import('./routes/invoices-screen')),
  },
  {
    path: 'packingslip/:packingslipid?',
    handle: { title: 'UI_Title_PackingSlips' } satisfies RouteHandle,
    lazy: page(() => import('./routes/packing-slips-screen')),
  },
  {
    path: 'allrefunds/:returntablewebid?',
    handle: { title: 'UI_Title_Refunds' } satisfies RouteHandle,
    lazy: page(() => import('@/features/refunds/routes/refunds')),
  },
  {
    path: 'myrefundscart',
    handle: { title: 'UI_Title_RefundsCart' } satisfies RouteHandle,
    lazy: page(() => import('@/features/refunds/routes/refunds-cart')),
  },
  {
    path: 'faq/packs',
    handle: { title: 'UI_Title_FaqPacks' } satisfies RouteHandle,
    lazy: page(() => import('@/features/faq/routes/faq-packs')),
  },
  {
    path: 'faq/details/:id_faqpack',
    handle: { title: 'UI_Title_FaqDetail' } satisfies RouteHandle,
    lazy: withImagePicker(() => import('@/features/faq/routes/faq-detail')),
  },
  {
    path: 'faq/new',
    handle: { title: 'UI_Title_FaqNew' } satisfies RouteHandle,
    lazy: withImagePicker(() => import('@/features/faq/routes/faq-detail')),
  },
  {
    path: 'post/:post_cod',
    handle: { title: 'UI_Title_Posts' } satisfies RouteHandle,
    lazy: page(() => import('@/features/posts/routes/posts')),
  },
  {
    path: 'post/:post_cod/new',
    handle: { title: 'UI_Title_PostNew' } satisfies RouteHandle,
    lazy: page(() => import('./routes/post-screen')),
  },
  {
    path: 'post/:post_cod/:detail',
    // Neutral: admins edit the post here, everybody else reads it.
    handle: { title: 'UI_Title_Posts' } satisfies RouteHandle,
    lazy: page(() => import('./routes/post-screen')),
  },
  {
    path: 'maps',
    handle: { title: 'UI_Title_Maps' } satisfies RouteHandle,
    lazy: page(() => import('@/features/maps/routes/maps')),
  },
  {
    path: 'file/file',
    handle: { title: 'UI_Title_Files' } satisfies RouteHandle,
    lazy: page(() => import('@/features/files/routes/files')),
  },
  {
    path: 'file/image',
    handle: { title: 'UI_Title_Images' } satisfies RouteHandle,
    lazy: page(() => import('@/features/images/routes/image-gallery')),
  },
  {
    path: 'setting/client',
    handle: { title: 'UI_Title_Clients' } satisfies RouteHandle,
    lazy: page(() => import('@/features/users/routes/clients')),
  },
  {
    path: 'setting/client/:id_client',
    handle: { title: 'UI_Title_Clients' } satisfies RouteHandle,
    lazy: page(() => import('@/features/users/routes/client-detail')),
  },
  {
    path: 'setting/user',
    handle: { title: 'UI_Title_Users' } satisfies RouteHandle,
    lazy: page(() => import('@/features/users/routes/users')),
  },
  {
    path: 'setting/user/view/:detail/:section?',
    handle: { title: 'UI_Title_User' } satisfies RouteHandle,
    lazy: withImagePicker(() => import('@/features/users/routes/user-detail')),
  },
  {
    path: 'setting/user/new',
    handle: { title: 'UI_Title_UserNew' } satisfies RouteHandle,
    lazy: withImagePicker(() => import('@/features/users/routes/user-detail')),
  },
  {
    path: 'setting/salesweb/:salesid?',
    handle: { title: 'UI_Title_SalesWeb' } satisfies RouteHandle,
    lazy: page(() => import('@/features/salesweb/routes/salesweb')),
  },
  {
    path: 'setting/paymentmethod/:detail?',
    handle: { title: 'UI_Title_PaymentMethods' } satisfies RouteHandle,
    lazy: page(() => import('@/features/paymentmethods/routes/payment-methods')),
  },
  {
    path: 'setting/stock/:detail?',
    handle: { title: 'UI_Title_Stock' } satisfies RouteHandle,
    lazy: page(() => import('@/features/stores/routes/stores')),
  },
  {
    path: 'setting/stockmessages/:detail?',
    handle: { title: 'UI_Title_StockMessages' } satisfies RouteHandle,
    lazy: page(() => import('@/features/stock/routes/stock-messages')),
  },
  {
    path: 'setting/article',
    handle: { title: 'UI_Title_Articles' } satisfies RouteHandle,
    lazy: page(() => import('@/features/stores/routes/articles')),
  },
  {
    path: 'setting/category',
    handle: { title: 'UI_Title_Categories' } satisfies RouteHandle,
    lazy: page(() => import('@/features/categories/routes/categories')),
  },
  {
    path: 'setting/menu',
    handle: { title: 'UI_Title_Menus' } satisfies RouteHandle,
    lazy: page(() => import('@/features/menus/routes/menus')),
  },
  {
    path: 'setting/zone/:detail',
    handle: { title: 'UI_Title_Zone' } satisfies RouteHandle,
    lazy: page(() => import('@/features/menus/routes/zone-detail')),
  },
  {
    path: 'setting/file',
    handle: { title: 'UI_Title_FileAdmin' } satisfies RouteHandle,
    lazy: page(() => import('@/features/files/routes/file-admin')),
  },
  {
    path: 'setting/sync',
    handle: { title: 'UI_Title_Sync' } satisfies RouteHandle,
    lazy: page(() => import('@/features/sync/routes/sync')),
  },
  {
    path: 'setting/logdocument',
    handle: { title: 'UI_Title_DocumentLog' } satisfies RouteHandle,
    lazy: page(() => import('@/features/logs/routes/document-log')),
  },
  {
    path: 'setting/userlog',
    handle: { title: 'UI_Title_UserLog' } satisfies RouteHandle,
    lazy: page(() => import('@/features/logs/routes/user-log')),
  },
  {
    path: 'setting/mail',
    handle: { title: 'UI_Title_MailOutbox' } satisfies RouteHandle,
    lazy: page(() => import('@/features/mail/routes/mail-outbox')),
  },
  {
    path: 'setting/integrations',
    handle: { title: 'UI_Title_Integrations' } satisfies RouteHandle,
    lazy: page(() => import('@/features/integration/routes/integrations')),
  },
  {
    path: 'setting/actas',
    handle: { title: 'UI_Access_ActAsTitle' } satisfies RouteHandle,
    lazy: page(() => import('@/features/account/routes/act-as')),
  },
  {
    path: 'stats/date',
    handle: { title: 'UI_Title_StatsDate' } satisfies RouteHandle,
    lazy: page(() => import('@/features/stats/routes/stats-date')),
  },
  {
    path: 'stats/model',
    handle: { title: 'UI_Title_StatsModel' } satisfies RouteHandle,
    lazy: page(() => import('@/features/stats/routes/stats-model')),
  },
  {
    path: 'stats/family',
    handle: { title: 'UI_Title_StatsFamily' } satisfies RouteHandle,
    lazy: page(() => import('@/features/stats/routes/stats-family')),
  },
  {
    path: 'profile',
    handle: { title: 'UI_Title_Profile' } satisfies RouteHandle,
    lazy: withImagePicker(() => import('@/features/users/routes/profile')),
  },
  {
    path: 'widgets',
    handle: { title: 'UI_Title_Widgets' } satisfies RouteHandle,
    lazy: page(() => import('@/features/dashboard/routes/widgets')),
  },
];

/** Public screens that use Ant Design (the login page does not: it is the first page of most visits). */
const publicScreens: RouteObject[] = [
  { path: 'register', lazy: page(() => import('@/features/account/routes/register')) },
  {
    path: 'registerconfirm/:tcode/:ucode',
    lazy: page(() => import('@/features/account/routes/register-confirm')),
  },
  { path: 'forgot-password', lazy: page(() => import('@/features/account/routes/forgot-password')) },
  { path: 'set-password/:token', lazy: page(() => import('@/features/account/routes/set-password')) },
  { path: 'lock', lazy: page(() => import('@/features/account/routes/lock')) },
  // External sign-in (decision 0036): the landing pages of the provider's answer.
  { path: 'external/signin', lazy: page(() => import('@/features/account/routes/external-signin')) },
  { path: 'external/link', lazy: page(() => import('@/features/account/routes/external-link')) },
  { path: '404', lazy: page(() => import('./routes/not-found')) },
  { path: '500', lazy: page(() => import('./routes/server-error')) },
];

export function createAppRouter() {
  return createBrowserRouter([
    {
      path: '/',
      hydrateFallbackElement: <BootSplash />,
      errorElement: <RouteError />,
      children: [
        { index: true, loader: homeOrLogin },
        // Plain elements only: /login loads no Ant Design, no back office (decision 0023). Imported with the entry (it is in
        // the first chunk either way): a lazy route would cost every first page a request for its stub (decision 0087).
        { path: 'login', Component: Login },
        {
          // The Ant Design theme, locale and error popups of every other screen.
          id: 'themed',
          lazy: async () => ({ Component: (await import('./frame')).ThemedOutlet }),
          children: [
            ...publicScreens,
            {
              id: 'app',
              loader: signedInFrame,
              lazy: async () => ({ Component: (await import('./frame')).AppLayout }),
              children: screens,
            },
          ],
        },
        { path: '*', loader: homeOrLogin },
      ],
    },
  ]);
}
