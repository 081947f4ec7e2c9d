import {
  LogoutOutlined,
  MenuFoldOutlined,
  MenuUnfoldOutlined,
  QuestionCircleOutlined,
  ThunderboltOutlined,
} from '@ant-design/icons';
import { cartCalls } from '@portal/contract/cart-calls';
import { Button, Layout } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { BrandLogo } from '@/components/brand-logo';
import { LanguageSelect } from '@/components/language-select';
import { useLogoutMutation } from '@/features/account/api/post-logout';
import { NotificationBell } from '@/features/notifications/components/notification-bell';
import { DocumentSearch } from '@/features/search/components/document-search';
import { useUser } from '@/lib/current-user';
import { mayCall } from '@/lib/may-call';
import { useSite } from '@/lib/web-context';
import { CartButton } from './cart-button';
import { ClientSelector } from './client-selector';
import { FullscreenButton } from './fullscreen-button';
import { ShortcutPanel } from './shortcut-panel';

type AppHeaderProps = {
  menuOpen: boolean;
  onToggleMenu: () => void;
  /** Narrow window (<= 979 px): icon-only buttons, the row wraps. */
  compact: boolean;
};

/**
 * Header coloured by brand: menu toggle, logo, (context 2) client selector, cart, notifications' bell, FAQ,
 * fullscreen, language, user, logout.
 */
export function AppHeader({ menuOpen, onToggleMenu, compact }: AppHeaderProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { brand, context } = useSite();
  const { data: user } = useUser();
  // Until the user is known (the frame's data is on its way) the header holds the buttons most users have, so that
  // they do not come late and move the row (layout shift on a phone); a user without purchases loses two of them then.
  const mayBuy = user ? user.permitirCompras : true;
  const logout = useLogoutMutation();
  const color = brand.colors.headerText;
  const menuLabel = menuOpen ? t('UI_CollapseMenu') : t('UI_ExpandMenu');

  return (
    <Layout.Header
      style={{
        position: 'sticky',
        top: 0,
        zIndex: 100,
        display: 'flex',
        alignItems: 'center',
        flexWrap: 'wrap',
        columnGap: 8,
        rowGap: 6,
        height: 'auto',
        minHeight: 56,
        lineHeight: 'normal',
        paddingBlock: 8,
        color,
      }}
    >
      <Button
        type="text"
        aria-label={menuLabel}
        title={menuLabel}
        aria-expanded={menuOpen}
        aria-controls="side-menu"
        data-testid="menu-toggle"
        onClick={onToggleMenu}
        style={{ color }}
        icon={menuOpen ? <MenuFoldOutlined /> : <MenuUnfoldOutlined />}
      />
      {/* Named by the brand name it shows (an aria-label differing from the visible text fails WCAG 2.5.3). */}
      <Link to="/dashboard" style={{ display: 'inline-flex', minWidth: 0 }}>
        <BrandLogo brand={brand} textColor={color} />
      </Link>
      {context === 2 && mayCall(cartCalls.clients, user) ? <ClientSelector /> : null}
      {user ? <DocumentSearch compact={compact} color={color} /> : null}
      <div style={{ flex: 1 }} />
      <div className="app-header-actions" style={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        {mayBuy ? (
          <Button
            type="text"
            aria-label={t('UI_QO_Open')}
            title={t('UI_QO_Open')}
            data-testid="quick-order-button"
            onClick={() => navigate('/quick-order')}
            style={{ color }}
            icon={<ThunderboltOutlined />}
          />
        ) : null}
        {mayBuy ? <CartButton color={color} accent={brand.colors.accent} /> : null}
        <NotificationBell color={color} accent={brand.colors.accent} />
        <Button
          type="text"
          aria-label={t('UI_Faq')}
          title={t('UI_Faq')}
          onClick={() => navigate('/faq/packs')}
          style={{ color }}
          icon={<QuestionCircleOutlined />}
        />
        {/* On a phone the page is the screen already, and the bell's place is needed to keep the header on two rows. */}
        {compact ? null : <FullscreenButton color={color} />}
        <LanguageSelect style={{ minWidth: compact ? 120 : 140 }} />
        <ShortcutPanel color={color} compact={compact} />
        <Button
          type="text"
          aria-label={t('UI_Logout')}
          title={t('UI_Logout')}
          data-testid="logout"
          loading={logout.isPending}
          onClick={() => logout.mutate()}
          style={{ color }}
          icon={<LogoutOutlined />}
        >
          {compact ? null : t('UI_Logout')}
        </Button>
      </div>
    </Layout.Header>
  );
}
