import type { UseMutationResult } from '@tanstack/react-query';
import { Alert, message, Skeleton, Tree, type TreeProps } from 'antd';
import { type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/lib/api-error';

/** The reason a refusal gives (a dictionary key), or nothing. */
const failure = (error: unknown) =>
  error instanceof ApiError ? (error.body?.messagedetail ?? error.body?.message ?? '') : '';

/**
 * The editing of a content tree (categories, menus): deleting a node and posting the whole tree after a drag and
 * drop. Success shows a message; a refusal shows its reason above the tree (WARN_SaveERR) until closed or the next
 * drop. `holder` goes in the screen (the messages); `view` goes to the ContentTreeView.
 */
export function useTreeEditing<B>(
  organize: Pick<UseMutationResult<unknown, Error, B>, 'mutate' | 'isPending'>,
  remove: Pick<UseMutationResult<unknown, Error, number>, 'mutateAsync'>,
) {
  const { t } = useTranslation();
  const [refusal, setRefusal] = useState<string | null>(null);
  const [notify, holder] = message.useMessage({ top: 64 });
  return {
    holder,
    /** Shows that a node's form was saved. */
    saved: () => notify.success(t('WARN_SaveOK')),
    /** Deletes a node (after confirmation): "deleted", or the reason it cannot go. */
    remove: (id: number) =>
      remove
        .mutateAsync(id)
        .then(() => notify.success(t('WARN_DeleteOK')))
        .catch((error: unknown) => setRefusal(t(failure(error) || 'WARN_SaveERR'))),
    /** Posts the tree as dropped: "saved", or WARN_SaveERR and the reason (it changed meanwhile). */
    organize: (body: B) => {
      setRefusal(null);
      organize.mutate(body, {
        onSuccess: () => notify.success(t('UI_Content_TreeSaved')),
        onError: (error) => setRefusal(`${t('WARN_SaveERR')}: ${t(failure(error))}`),
      });
    },
    view: { refusal, onDismiss: () => setRefusal(null), busy: organize.isPending },
  };
}

type Props = Omit<TreeProps, 'blockNode' | 'showLine' | 'selectable' | 'disabled'> & {
  refusal: string | null;
  onDismiss: () => void;
  /** While the tree is posted, it cannot be dragged. */
  busy: boolean;
  /** The tree is still read. */
  loading: boolean;
  /** Shown instead of a tree without nodes (none: the empty tree is drawn). */
  empty?: ReactNode;
  label: string;
  testId: string;
};

type Nodes = NonNullable<TreeProps['treeData']>;

/** Each node with its depth as `aria-level` (1 at the root), which Ant Design's tree items do not say. */
function withLevels(nodes: Nodes, level = 1): Nodes {
  return nodes.map((node) => ({
    ...node,
    'aria-level': level,
    children: node.children ? withLevels(node.children, level + 1) : node.children,
  }));
}

/** A content tree with its refusal above: a skeleton while read, then the draggable tree (or `empty`). */
export function ContentTreeView({ refusal, onDismiss, busy, loading, empty, label, testId, ...tree }: Props) {
  const treeData = useMemo(() => (tree.treeData ? withLevels(tree.treeData) : tree.treeData), [tree.treeData]);
  return (
    <>
      {refusal ? (
        <Alert
          type="error"
          showIcon
          role="alert"
          title={refusal}
          closable
          onClose={onDismiss}
          data-testid="tree-refusal"
        />
      ) : null}
      {loading ? (
        <Skeleton active />
      ) : empty && tree.treeData?.length === 0 ? (
        empty
      ) : (
        <Tree
          aria-label={label}
          data-testid={testId}
          blockNode
          showLine
          selectable={false}
          disabled={busy}
          {...tree}
          treeData={treeData}
        />
      )}
    </>
  );
}
