import { PlusOutlined } from '@ant-design/icons';
import type { TreeNode } from '@portal/contract/content-tree';
import { Button, Card, Empty, type TreeProps } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ContentTreeView, useTreeEditing } from '@/components/content-tree/tree-editing';
import { dropPlaceOf, moveNode, postedTree } from '@/components/content-tree/tree-move';
import { TreeNodeTitle } from '@/components/content-tree/tree-node-title';
import { useLanguage } from '@/lib/language';
import { useDeleteCategoryMutation } from '../api/delete-category';
import { useCategoriesTree } from '../api/get-categories-tree';
import { useOrganizeCategoriesMutation } from '../api/organize-categories';
import { CategoryForm } from '../components/category-form';
import '@/components/content-tree/content-tree.css';

type AntNode = { key: number; title: React.ReactNode; children: AntNode[] };

const allIds = (nodes: TreeNode[]): number[] => nodes.flatMap((n) => [n.id, ...allIds(n.children)]);

/**
 * /setting/category — the category tree (spec part 2 §2) with its popup form; drag and drop reorders or re-parents, a
 * node's up and down buttons reorder it with the keyboard, and the whole tree is posted (organizecategories/), refused with WARN_SaveERR and the reason when it changed meanwhile.
 */
export default function CategoriesRoute() {
  const { t } = useTranslation();
  const lang = useLanguage();
  const tree = useCategoriesTree(lang);
  const editor = useTreeEditing(useOrganizeCategoriesMutation(), useDeleteCategoryMutation());
  const [editing, setEditing] = useState<{ id: number; parentId: number | null } | null>(null);
  const [collapsed, setCollapsed] = useState<number[]>([]);

  const data = tree.data;
  /** Posts the tree after a move (a drop, or a node stepped up or down); nothing when it did not change. */
  const post = (next: TreeNode[]) => {
    if (!data || next === data.tree) return;
    editor.organize({ version: data.version, tree: postedTree(next) });
  };
  /** The node moved before (-1) or after (1) its sibling. */
  const step = (siblings: TreeNode[], index: number, by: -1 | 1) => () =>
    data && post(moveNode(data.tree, siblings[index]!.id, siblings[index + by]!.id, by < 0 ? 'before' : 'after'));

  const toAnt = (nodes: TreeNode[]): AntNode[] =>
    nodes.map((node, index) => ({
      key: node.id,
      title: (
        <TreeNodeTitle
          id={node.id}
          name={node.nombre}
          icon={node.icon}
          addLabel={t('UI_Category_NewChild')}
          confirmDelete={t('UI_Category_ConfirmDelete', { name: node.nombre })}
          onAdd={() => setEditing({ id: 0, parentId: node.id })}
          onEdit={() => setEditing({ id: node.id, parentId: null })}
          onDelete={() => editor.remove(node.id)}
          onMoveUp={index > 0 ? step(nodes, index, -1) : undefined}
          onMoveDown={index < nodes.length - 1 ? step(nodes, index, 1) : undefined}
        />
      ),
      children: toAnt(node.children),
    }));

  const treeData = data ? toAnt(data.tree) : [];
  const expanded = useMemo(
    () => (data ? allIds(data.tree).filter((id) => !collapsed.includes(id)) : []),
    [data, collapsed],
  );

  const onDrop: TreeProps['onDrop'] = (info) => {
    if (!data) return;
    post(moveNode(data.tree, Number(info.dragNode.key), Number(info.node.key), dropPlaceOf(info)));
  };

  return (
    <Card variant="borderless" title={t('UI_Title_Categories')} className="content-tree">
      {editor.holder}
      <div className="content-tree__bar">
        <p className="content-tree__help">{t('UI_Content_TreeHelp')}</p>
        <Button
          type="primary"
          icon={<PlusOutlined />}
          onClick={() => setEditing({ id: 0, parentId: null })}
          data-testid="category-new"
        >
          {t('UI_Category_New')}
        </Button>
      </div>
      <ContentTreeView
        {...editor.view}
        loading={!data}
        empty={<Empty description={t('UI_Content_TreeEmpty')} />}
        label={t('UI_Category_TreeLabel')}
        testId="category-tree"
        draggable={{ icon: false }}
        expandedKeys={expanded}
        onExpand={(keys) => setCollapsed(data ? allIds(data.tree).filter((id) => !keys.includes(id)) : [])}
        treeData={treeData}
        onDrop={onDrop}
      />
      <CategoryForm
        id={editing?.id ?? null}
        parentId={editing?.parentId ?? null}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null);
          editor.saved();
        }}
      />
    </Card>
  );
}
