import { EditOutlined, EyeInvisibleOutlined, PlusOutlined } from '@ant-design/icons';
import { MENU_LANGUAGES, type MenuLanguageKey, type MenuTreeNode } from '@portal/contract/content-tree';
import { Button, Card, Select, Tag, type TreeProps } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ContentTreeView, useTreeEditing } from '@/components/content-tree/tree-editing';
import { dropPlaceOf, moveNode, postedTree } from '@/components/content-tree/tree-move';
import { TreeNodeTitle } from '@/components/content-tree/tree-node-title';
import { useLanguage } from '@/lib/language';
import { useDeleteMenuMutation } from '../api/delete-menu';
import { useMenusTree } from '../api/get-menus-tree';
import { useOrganizeMenusMutation } from '../api/organize-menus';
import { MenuForm, type NewMenuPlace } from '../components/menu-form';
import '@/components/content-tree/content-tree.css';

/** Zones are the tree's roots, keyed apart from the menus: a menu's key is its id, a zone's is negative. */
const zoneKey = (id: number) => -id;
type Node = { id: number; children: Node[] };
type AntNode = { key: number; title: React.ReactNode; children: AntNode[]; draggable?: boolean; selectable?: boolean };

/**
 * /setting/menu — one language's menus per zone (spec part 2 §2, §9: es Castellano, eu Euskara and the portal's
 * languages): a popup form, drag and drop inside a zone or to another zone, a menu's up and down buttons (the keyboard's
 * way) among its siblings, posted whole (organizemenus/).
 */
export default function MenusRoute() {
  const { t } = useTranslation();
  const uiLang = useLanguage();
  const [lang, setLang] = useState<MenuLanguageKey>('es');
  const tree = useMenusTree(lang, uiLang);
  const editor = useTreeEditing(useOrganizeMenusMutation(), useDeleteMenuMutation());
  const [editing, setEditing] = useState<{ id: number } | { place: NewMenuPlace } | null>(null);

  const data = tree.data;
  /** The zones as the roots of the moved tree (a zone's id is its negative key). */
  const roots = (): Node[] => (data?.zones ?? []).map((z) => ({ id: zoneKey(z.id_zona), children: z.menus }));
  /** Posts the menus after a move (a drop, or a menu stepped up or down); nothing when it did not change. */
  const post = (before: Node[], next: Node[]) => {
    // The zones are roots of the drawn tree: a menu goes into a zone, never beside it.
    if (!data || next === before || next.some((n) => n.id > 0)) return;
    editor.organize({
      idioma_cod: lang,
      version: data.version,
      tree: next.flatMap((zone) =>
        zone.children.map((m) => ({ id: m.id, zona_id: -zone.id, children: postedTree(m.children) })),
      ),
    });
  };
  /** The menu moved before (-1) or after (1) its sibling. */
  const step = (siblings: MenuTreeNode[], index: number, by: -1 | 1) => () => {
    const before = roots();
    post(before, moveNode(before, siblings[index]!.id, siblings[index + by]!.id, by < 0 ? 'before' : 'after'));
  };
  const toAnt = (nodes: MenuTreeNode[], zoneId: number): AntNode[] =>
    nodes.map((node, index) => ({
      key: node.id,
      title: (
        <TreeNodeTitle
          id={node.id}
          name={node.nombre}
          icon={node.icon}
          extra={
            node.sw_activo ? null : (
              <Tag icon={<EyeInvisibleOutlined />} style={{ marginInlineStart: 8 }}>
                {t('UI_Menu_Hidden')}
              </Tag>
            )
          }
          addLabel={t('UI_Menu_NewChild')}
          confirmDelete={t('UI_Menu_ConfirmDelete', { name: node.nombre })}
          onAdd={() => setEditing({ place: { lang, zoneId, parentId: node.id } })}
          onEdit={() => setEditing({ id: node.id })}
          onDelete={() => editor.remove(node.id)}
          onMoveUp={index > 0 ? step(nodes, index, -1) : undefined}
          onMoveDown={index < nodes.length - 1 ? step(nodes, index, 1) : undefined}
        />
      ),
      children: toAnt(node.children, zoneId),
    }));
  const treeData: AntNode[] = (data?.zones ?? []).map((zone) => ({
    key: zoneKey(zone.id_zona),
    draggable: false,
    selectable: false,
    title: (
      <span className="content-tree__node" data-testid={`zone-${zone.codigo}`}>
        <strong>
          {zone.nombre} <small style={{ color: '#667085', fontWeight: 400 }}>({zone.codigo})</small>
        </strong>
        <span className="content-tree__actions">
          <Button
            size="small"
            type="text"
            icon={<PlusOutlined />}
            aria-label={`${t('UI_Menu_New')}: ${zone.nombre}`}
            onClick={() => setEditing({ place: { lang, zoneId: zone.id_zona, parentId: null } })}
          />
          {/* The link is the control and carries the name; the button inside is only its look. */}
          <Link to={`/setting/zone/${zone.id_zona}`} aria-label={`${t('UI_Menu_EditZone')}: ${zone.nombre}`}>
            <Button size="small" type="text" icon={<EditOutlined />} tabIndex={-1} aria-hidden />
          </Link>
        </span>
      </span>
    ),
    children: toAnt(zone.menus, zone.id_zona),
  }));
  const expanded = (() => {
    const keys: number[] = [];
    const walk = (nodes: AntNode[]) => {
      for (const n of nodes) {
        keys.push(n.key);
        walk(n.children);
      }
    };
    walk(treeData);
    return keys;
  })();

  const onDrop: TreeProps['onDrop'] = (info) => {
    const before = roots();
    post(before, moveNode(before, Number(info.dragNode.key), Number(info.node.key), dropPlaceOf(info)));
  };

  return (
    <Card variant="borderless" title={t('UI_Title_Menus')} className="content-tree">
      {editor.holder}
      <div className="content-tree__bar">
        <p className="content-tree__help">{t('UI_Content_TreeHelp')}</p>
        <span style={{ display: 'inline-flex', gap: 8, flexWrap: 'wrap' }}>
          <Select
            aria-label={t('UI_Menu_Language')}
            value={lang}
            onChange={setLang}
            style={{ minWidth: 150 }}
            options={MENU_LANGUAGES.map((l) => ({ value: l.key, label: l.title }))}
            data-testid="menu-language"
          />
          <Link to="/setting/zone/new">
            <Button icon={<PlusOutlined />} tabIndex={-1}>
              {t('UI_Menu_NewZone')}
            </Button>
          </Link>
        </span>
      </div>
      <ContentTreeView
        {...editor.view}
        loading={!data}
        label={t('UI_Title_Menus')}
        testId="menu-tree"
        draggable={{ icon: false, nodeDraggable: (node) => Number(node.key) > 0 }}
        allowDrop={({ dropNode, dropPosition }) => Number(dropNode.key) > 0 || dropPosition === 0}
        expandedKeys={expanded}
        treeData={treeData}
        onDrop={onDrop}
      />
      <MenuForm
        editing={editing}
        zones={data?.zones.map((z) => ({ id_zona: z.id_zona, codigo: z.codigo, nombre: z.nombre })) ?? []}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null);
          editor.saved();
        }}
      />
    </Card>
  );
}
