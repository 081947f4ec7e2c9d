import type { ComponentType } from 'react';
import {
  createBrowserRouter,
  type LazyRouteFunction,
  type LoaderFunctionArgs,
  type RouteObject,
  redirect,
} from 'react-router';
import { loginPathFor } from '@/features/auth/return-path';
import { isSignedIn } from '@/lib/auth-storage';
import type { RouteHandle } from './route-handle';
import { BootSplash } from './routes/boot-splash';
import { RouteError } from './routes/route-error';

type PageModule = { default: ComponentType };

/** A code-split screen: the module's default export is the page. */
function page(load: () => Promise<PageModule>): LazyRouteFunction<RouteObject> {
  return async () => ({ Component: (await load()).default });
}

const underConstruction = page(() => import('./routes/under-construction'));

/** A screen that a later issue builds: the shared "under construction" page inside the layout. */
function later(path: string, title: string): RouteObject {
  return { path, handle: { title } satisfies RouteHandle, lazy: underConstruction };
}

/** Signed out, a screen sends to /login, which keeps the page asked for to open it after signing in. */
function requireSignedIn({ request }: LoaderFunctionArgs) {
  if (!isSignedIn()) {
    const asked = new URL(request.url);
    throw redirect(loginPathFor(`${asked.pathname}${asked.search}${asked.hash}`));
  }
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
  later('help', 'UI_Title_Help'),
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
    lazy: page(() => import('@/features/invoices/routes/invoices')),
  },
  {
    path: 'packingslip/:packingslipid?',
    handle: { title: 'UI_Title_PackingSlips' } satisfies RouteHandle,
    lazy: page(() => import('@/features/packingslips/routes/packing-slips')),
  },
  later('allrefunds/:returntablewebid?', 'UI_Title_Refunds'),
  later('myrefundscart', 'UI_Title_RefundsCart'),
  later('faq/packs', 'UI_Title_FaqPacks'),
  later('faq/details/:id_faqpack', 'UI_Title_FaqDetail'),
  later('faq/new', 'UI_Title_FaqNew'),
  later('post/:post_cod', 'UI_Title_Posts'),
  later('post/:post_cod/new', 'UI_Title_PostNew'),
  later('post/:post_cod/:detail', 'UI_Title_PostEdit'),
  later('maps', 'UI_Title_Maps'),
  later('file/file', 'UI_Title_Files'),
  later('file/image', 'UI_Title_Images'),
  later('setting/client/:id_client?', 'UI_Title_Clients'),
  later('setting/user', 'UI_Title_Users'),
  later('setting/user/view/:detail', 'UI_Title_User'),
  later('setting/user/new', 'UI_Title_UserNew'),
  {
    path: 'setting/salesweb/:salesid?',
    handle: { title: 'UI_Title_SalesWeb' } satisfies RouteHandle,
    lazy: page(() => import('@/features/salesweb/routes/salesweb')),
  },
  later('setting/paymentmethod', 'UI_Title_PaymentMethods'),
  later('setting/paymentmethod/new', 'UI_Title_PaymentMethods'),
  later('setting/paymentmethod/:detail', 'UI_Title_PaymentMethods'),
  later('setting/stock/:detail?', 'UI_Title_Stock'),
  later('setting/stockmessages/:detail?', 'UI_Title_StockMessages'),
  later('setting/article', 'UI_Title_Articles'),
  later('setting/category', 'UI_Title_Categories'),
  later('setting/menu', 'UI_Title_Menus'),
  later('setting/zone/:detail', 'UI_Title_Zone'),
  later('setting/file', 'UI_Title_FileAdmin'),
  later('setting/sync', 'UI_Title_Sync'),
  later('setting/logdocument', 'UI_Title_DocumentLog'),
  later('setting/userlog', 'UI_Title_UserLog'),
  later('stats/date', 'UI_Title_StatsDate'),
  later('stats/model', 'UI_Title_StatsModel'),
  later('stats/family', 'UI_Title_StatsFamily'),
  later('profile', 'UI_Title_Profile'),
  later('widgets', 'UI_Title_Widgets'),
];

const publicScreens: RouteObject[] = [
  { path: 'login', lazy: page(() => import('@/features/auth/routes/login')) },
  { path: 'register', lazy: page(() => import('@/features/auth/routes/register')) },
  {
    path: 'registerconfirm/:tcode/:ucode',
    lazy: page(() => import('@/features/auth/routes/register-confirm')),
  },
  { path: 'forgot-password', lazy: page(() => import('@/features/auth/routes/forgot-password')) },
  { path: 'lock', lazy: page(() => import('@/features/auth/routes/lock')) },
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
        ...publicScreens,
        {
          id: 'app',
          loader: requireSignedIn,
          lazy: page(() => import('./layout/app-layout')),
          children: screens,
        },
        { path: '*', loader: homeOrLogin },
      ],
    },
  ]);
}
