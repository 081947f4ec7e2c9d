import type { NavMenuItem } from '@portal/contract/common';
import { Menu, type MenuProps, Skeleton } from 'antd';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { useNavMenu } from '@/features/menus/api/get-nav-menu';
import { navIcon } from './nav-icons';

type MenuItem = NonNullable<MenuProps['items']>[number];
type IndexedNode = { node: NavMenuItem; parents: string[] };

function keyOf(node: NavMenuItem, parentKey: string, index: number): string {
  return node.sref ?? node.href ?? `${parentKey}/${index}:${node.title}`;
}

/** Flattens the tree so that a key finds its node and the keys of its parents. */
function indexTree(nodes: NavMenuItem[], parents: string[] = [], parentKey = ''): Map<string, IndexedNode> {
  const map = new Map<string, IndexedNode>();
  nodes.forEach((node, i) => {
    const key = keyOf(node, parentKey, i);
    map.set(key, { node, parents });
    for (const [k, v] of indexTree(node.items, [...parents, key], key)) map.set(k, v);
  });
  return map;
}

/**
 * An entry's label: a link to its page (a route path, or an address opened in a new tab), so that it can be opened in a
 * new tab, copied, and is announced as a link (issue 25); a heading of a submenu stays text.
 */
function entryLabel(node: NavMenuItem, label: string): ReactNode {
  if (node.sref?.startsWith('/')) return <Link to={node.sref}>{label}</Link>;
  if (node.href)
    return (
      <a href={node.href} target="_blank" rel="noopener noreferrer">
        {label}
      </a>
    );
  return label;
}

function toItems(nodes: NavMenuItem[], t: (key: string) => string, parentKey = ''): MenuItem[] {
  return nodes.map((node, i) => {
    const key = keyOf(node, parentKey, i);
    const label = t(node.title);
    return node.items.length > 0
      ? { key, icon: navIcon(node.icon), label, children: toItems(node.items, t, key) }
      : { key, icon: navIcon(node.icon), label: entryLabel(node, label) };
  });
}

/** The menu entry of the current page: the longest route path that the location starts with. */
function selectedKey(index: Map<string, IndexedNode>, pathname: string): string | undefined {
  let best: string | undefined;
  for (const [key, { node }] of index) {
    const sref = node.sref;
    if (!sref?.startsWith('/')) continue;
    const base = sref.length > 1 ? sref.replace(/\/+$/, '') : sref;
    if ((pathname === base || pathname.startsWith(`${base}/`)) && (!best || base.length > best.length)) best = key;
  }
  return best;
}

type SideMenuProps = { collapsed?: boolean; onNavigate?: () => void };

/** The side menu from GET /api/innavmenu/getnavmenu: translated titles, nested entries, each page's entry a link. */
export function SideMenu({ collapsed = false, onNavigate }: SideMenuProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const { data, isPending } = useNavMenu();

  const index = useMemo(() => indexTree(data ?? []), [data]);
  const items = useMemo(() => toItems(data ?? [], t), [data, t]);
  const selected = selectedKey(index, pathname);
  const [openKeys, setOpenKeys] = useState<string[]>([]);

  // Opening a page opens the submenus above its entry; the user's other open submenus stay open.
  useEffect(() => {
    const parents = selected ? (index.get(selected)?.parents ?? []) : [];
    if (parents.length > 0) setOpenKeys((open) => Array.from(new Set([...open, ...parents])));
  }, [selected, index]);

  if (isPending) return <Skeleton active title={false} paragraph={{ rows: 8 }} style={{ padding: 16 }} />;

  // A click on an entry's link follows the link; the menu's own keys (Enter on an entry) navigate here.
  const onClick: MenuProps['onClick'] = ({ key, domEvent }) => {
    const node = index.get(key)?.node;
    if (domEvent.target instanceof Element && domEvent.target.closest('a')) {
      onNavigate?.();
      return;
    }
    if (node?.sref) navigate(node.sref);
    else if (node?.href) window.open(node.href, '_blank', 'noopener,noreferrer');
    onNavigate?.();
  };

  return (
    <nav aria-label={t('UI_MainMenu')}>
      <Menu
        mode="inline"
        items={items}
        selectedKeys={selected ? [selected] : []}
        {...(collapsed ? {} : { openKeys, onOpenChange: setOpenKeys })}
        onClick={onClick}
        style={{ borderInlineEnd: 'none' }}
        data-testid="side-menu"
      />
    </nav>
  );
}
