import { LIMITS } from '@portal/contract/constants';
import { Drawer, Layout } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useMatches } from 'react-router';
import { BrandLogo } from '@/components/brand-logo';
import { ActingBanner } from '@/features/account/components/acting-banner';
import { ZoneMenus } from '@/features/menus/components/zone-menus';
import { animateScrollToTop } from '@/lib/scroll';
import { useMediaQuery } from '@/lib/use-media-query';
import { useSite } from '@/lib/web-context';
import { AppFooter } from './app-footer';
import { AppHeader } from './app-header';
import { Ribbon } from './ribbon';
import { SideMenu } from './side-menu';

const HEADER_HEIGHT = 56;

/** The authenticated layout: header, side menu (a drawer at <= 979 px), ribbon, page, footer. */
export default function AppLayout() {
  const { t } = useTranslation();
  const { brand } = useSite();
  const { pathname } = useLocation();
  const matches = useMatches();
  /** The screen shown: a new id in the same screen (/sales/A to /sales/B, a row selection) keeps it. */
  const screen = matches[matches.length - 1]?.id;
  const narrow = useMediaQuery(`(max-width: ${LIMITS.mobileBreakpointPx}px)`);
  const [collapsed, setCollapsed] = useState(false);
  const [drawerOpen, setDrawerOpen] = useState(false);

  // Spec part 1 §2: after each route change the page scrolls to the top (300 ms). Selecting a document
  // row only changes the id in the route: the page stays where the row and its lines are. Not on the first
  // screen of a load: it starts at the top, and reading the scroll position there forced a layout of the page
  // while it was still being built (30–90 ms of the load's main thread in a CPU profile).
  const firstScreen = useRef(true);
  useEffect(() => {
    if (!screen) return;
    if (firstScreen.current) firstScreen.current = false;
    else animateScrollToTop(300);
  }, [screen]);
  useEffect(() => {
    if (pathname) setDrawerOpen(false);
  }, [pathname]);

  useEffect(() => {
    if (!narrow) setDrawerOpen(false);
  }, [narrow]);

  const menuOpen = narrow ? drawerOpen : !collapsed;
  const toggleMenu = () => (narrow ? setDrawerOpen((open) => !open) : setCollapsed((c) => !c));

  return (
    <Layout style={{ minHeight: '100vh' }}>
      <a href="#main" className="skip-link">
        {t('UI_SkipToContent')}
      </a>
      <AppHeader menuOpen={menuOpen} onToggleMenu={toggleMenu} compact={narrow} />
      <Layout hasSider={!narrow}>
        {narrow ? (
          <Drawer
            id="side-menu"
            placement="left"
            open={drawerOpen}
            onClose={() => setDrawerOpen(false)}
            size={280}
            title={<BrandLogo brand={brand} size={26} />}
            styles={{ body: { padding: 0 } }}
          >
            <SideMenu onNavigate={() => setDrawerOpen(false)} />
          </Drawer>
        ) : (
          <Layout.Sider
            id="side-menu"
            collapsible
            collapsed={collapsed}
            trigger={null}
            width={248}
            collapsedWidth={64}
            theme="light"
            style={{
              position: 'sticky',
              top: HEADER_HEIGHT,
              height: `calc(100vh - ${HEADER_HEIGHT}px)`,
              overflowY: 'auto',
              borderInlineEnd: '1px solid #eaecf0',
            }}
          >
            <SideMenu collapsed={collapsed} />
          </Layout.Sider>
        )}
        <Layout style={{ minWidth: 0 }}>
          <ZoneMenus zone="header" />
          <Ribbon />
          <ActingBanner />
          {/* At least a window high: the footer starts below the fold, so a page whose content loads does not push a
              visible footer down (Lighthouse's layout shift on the grids, 0.16–0.2 on a phone). */}
          <Layout.Content
            id="main"
            tabIndex={-1}
            style={{ padding: narrow ? 12 : 20, outline: 'none', minHeight: '100vh' }}
          >
            <Outlet />
          </Layout.Content>
          <AppFooter />
        </Layout>
      </Layout>
    </Layout>
  );
}

/** The signed-in route's loader starts the frame's one call from this chunk (the layout's; ./shell.ts). */
export { prefetchShell } from './shell';
