import { DownOutlined } from '@ant-design/icons';
import type { ZoneMenu } from '@portal/contract/content-tree';
import { Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ContentIcon } from '@/components/content-tree/content-icons';
import { useLanguage } from '@/lib/language';
import { useZoneMenus } from '../api/get-zone-menus';
import './zone-menus.css';

const label = (menu: ZoneMenu) => (
  <>
    <ContentIcon name={menu.icon} /> {menu.title}
  </>
);

function HeaderItem({ menu }: { menu: ZoneMenu }) {
  if (menu.items.length > 0) {
    return (
      <Dropdown
        trigger={['click']}
        menu={{
          items: menu.items.map((child) => ({
            key: child.id,
            label: child.href ? <Link to={child.href}>{label(child)}</Link> : label(child),
          })),
        }}
      >
        <button type="button" className="zone-menu__link">
          {label(menu)} <DownOutlined style={{ fontSize: 10 }} />
        </button>
      </Dropdown>
    );
  }
  return menu.href ? (
    <Link className="zone-menu__link" to={menu.href}>
      {label(menu)}
    </Link>
  ) : (
    <span className="zone-menu__link">{label(menu)}</span>
  );
}

/**
 * The menus an admin put in the `header` or `footer` zone (/setting/menu), in the reader's language: a bar under the
 * header, or the footer's links. Nothing is drawn while a zone has no active menu.
 */
export function ZoneMenus({ zone }: { zone: 'header' | 'footer' }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const { data, isPending } = useZoneMenus(lang);
  // While the menus load, the header's bar keeps its room: the page below does not jump down when they come (a
  // layout shift Lighthouse counted on every signed-in page).
  if (zone === 'header' && isPending)
    return <div className="zone-menu zone-menu--header zone-menu--pending" aria-hidden />;
  const menus = data?.[zone] ?? [];
  if (menus.length === 0) return null;
  if (zone === 'header') {
    return (
      <nav className="zone-menu zone-menu--header" aria-label={t('UI_ZoneMenu_Header')} data-testid="zone-menu-header">
        {menus.map((menu) => (
          <HeaderItem key={menu.id} menu={menu} />
        ))}
      </nav>
    );
  }
  return (
    <nav className="zone-menu zone-menu--footer" aria-label={t('UI_ZoneMenu_Footer')} data-testid="zone-menu-footer">
      {menus.map((menu) => (
        <div key={menu.id} className="zone-menu__group">
          {menu.href ? <Link to={menu.href}>{label(menu)}</Link> : <strong>{label(menu)}</strong>}
          {menu.items.map((child) =>
            child.href ? (
              <Link key={child.id} to={child.href}>
                {label(child)}
              </Link>
            ) : (
              <span key={child.id}>{label(child)}</span>
            ),
          )}
        </div>
      ))}
    </nav>
  );
}
