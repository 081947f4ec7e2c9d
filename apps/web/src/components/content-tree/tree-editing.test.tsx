// @vitest-environment jsdom
import type { TreeNode } from '@portal/contract/content-tree';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TreeProps } from 'antd';
import { useState } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-error';
import { addTexts, renderWithProviders } from '@/test/render';
import { ContentTreeView, useTreeEditing } from './tree-editing';
import { dropPlaceOf, moveNode, postedTree } from './tree-move';
import { TreeNodeTitle } from './tree-node-title';

const TREE: TreeNode[] = [
  { id: 1, nombre: 'Engine', icon: null, children: [{ id: 11, nombre: 'Filters', icon: null, children: [] }] },
  { id: 2, nombre: 'Brakes', icon: null, children: [] },
  { id: 3, nombre: 'Lighting', icon: null, children: [] },
];
type Posted = { version: number; tree: ReturnType<typeof postedTree> };

/**
 * The category screen's tree as it composes the editing (categories.tsx): the tree, its titles and actions, a drop
 * that posts the whole tree, a refusal shown above it. The server is the test's: `answer` settles each posting.
 */
function Editor({
  answer,
  posted,
  removed,
  removal = async () => undefined,
}: {
  answer: (body: Posted) => Error | null;
  posted: Posted[];
  removed: number[];
  removal?: (id: number) => Promise<unknown>;
}) {
  const [tree, setTree] = useState(TREE);
  const editor = useTreeEditing<Posted>(
    {
      isPending: false,
      mutate: (body, options) => {
        posted.push(body);
        const error = answer(body);
        if (error) options?.onError?.(error, body, undefined, undefined as never);
        else options?.onSuccess?.(undefined, body, undefined, undefined as never);
      },
    },
    {
      mutateAsync: (id) => {
        removed.push(id);
        return removal(id);
      },
    },
  );
  type AntNode = { key: number; title: React.ReactNode; children: AntNode[] };
  const toAnt = (nodes: TreeNode[]): AntNode[] =>
    nodes.map((node) => ({
      key: node.id,
      title: (
        <TreeNodeTitle
          id={node.id}
          name={node.nombre}
          icon={node.icon}
          addLabel="New subcategory"
          confirmDelete={`Delete ${node.nombre}?`}
          onAdd={() => undefined}
          onEdit={() => undefined}
          onDelete={() => editor.remove(node.id)}
        />
      ),
      children: toAnt(node.children),
    }));
  const onDrop: TreeProps['onDrop'] = (info) => {
    const next = moveNode(tree, Number(info.dragNode.key), Number(info.node.key), dropPlaceOf(info));
    if (next === tree) return;
    setTree(next);
    editor.organize({ version: 7, tree: postedTree(next) });
  };
  return (
    <>
      {editor.holder}
      <ContentTreeView
        {...editor.view}
        loading={false}
        label="Categories"
        testId="category-tree"
        draggable={{ icon: false }}
        defaultExpandAll
        treeData={toAnt(tree)}
        onDrop={onDrop}
      />
    </>
  );
}

beforeEach(() =>
  addTexts({
    WARN_SaveERR: 'Could not save',
    WARN_DeleteOK: 'Deleted',
    UI_Content_TreeSaved: 'Tree saved',
    UI_Content_Edit: 'Edit',
    UI_Content_Delete: 'Delete',
    UI_Content_Cancel: 'Cancel',
    WARN_TreeChanged: 'the tree was changed by someone else',
    WARN_CategoryInUse: 'the category has articles',
  }),
);

const names = () =>
  Array.from(screen.getByRole('tree', { name: 'Categories' }).querySelectorAll('[data-testid^="tree-node-"]')).map(
    (node) => node.textContent?.trim(),
  );
const draggableOf = (name: string) => screen.getByText(name).closest('[draggable="true"]') as HTMLElement;

/** Drags one node onto another: jsdom lays nothing out, so the drop lands on the target (inside it). */
function drag(from: string, onto: string) {
  fireEvent.dragStart(draggableOf(from), { clientX: 0, clientY: 0 });
  fireEvent.dragEnter(draggableOf(onto), { clientX: 0, clientY: 0 });
  fireEvent.dragOver(draggableOf(onto), { clientX: 0, clientY: 0 });
  fireEvent.drop(draggableOf(onto), { clientX: 0, clientY: 0 });
}

describe('category tree editor', () => {
  it('shows the nodes in order with their named actions', () => {
    renderWithProviders(<Editor answer={() => null} posted={[]} removed={[]} />);
    expect(names()).toEqual(['Engine', 'Filters', 'Brakes', 'Lighting']);
    expect(screen.getByRole('button', { name: 'Edit: Brakes' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Delete: Filters' })).toBeTruthy();
    // Each node says its depth to a screen reader (Ant Design's tree does not).
    const levels = screen.getAllByRole('treeitem').map((item) => item.getAttribute('aria-level'));
    expect(levels).toEqual(['1', '2', '1', '1']);
  });

  it('moves a node dropped on another inside it and posts the whole tree, then says it was saved', async () => {
    const posted: Posted[] = [];
    renderWithProviders(<Editor answer={() => null} posted={posted} removed={[]} />);
    drag('Engine', 'Brakes');
    expect(posted).toEqual([
      {
        version: 7,
        tree: [
          { id: 2, children: [{ id: 1, children: [{ id: 11, children: [] }] }] },
          { id: 3, children: [] },
        ],
      },
    ]);
    expect(await screen.findByText('Tree saved')).toBeTruthy();
    // Brakes now holds Engine (folded: the tree opened what it had when it was drawn).
    expect(names()).toEqual(['Brakes', 'Lighting']);
    expect(screen.getByRole('treeitem', { name: /Brakes/ }).getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByText(/Could not save/)).toBeNull();
  });

  it('does not post a node dropped into its own branch', () => {
    const posted: Posted[] = [];
    renderWithProviders(<Editor answer={() => null} posted={posted} removed={[]} />);
    drag('Engine', 'Filters');
    expect(posted).toEqual([]);
    expect(names()).toEqual(['Engine', 'Filters', 'Brakes', 'Lighting']);
  });

  it('shows a refusal and its reason above the tree until it is closed', async () => {
    const refusal = new ApiError({ status: 409, body: { message: 'WARN_TreeChanged' }, raw: '' });
    renderWithProviders(<Editor answer={() => refusal} posted={[]} removed={[]} />);
    drag('Lighting', 'Engine');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Could not save: the tree was changed by someone else');
    await userEvent.setup().click(within(alert).getByRole('button'));
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
  });

  it('deletes a node after confirmation, and shows why when it cannot go', async () => {
    const removed: number[] = [];
    const inUse = new ApiError({ status: 400, body: { messagedetail: 'WARN_CategoryInUse' }, raw: '' });
    renderWithProviders(
      <Editor answer={() => null} posted={[]} removed={removed} removal={async () => Promise.reject(inUse)} />,
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Delete: Brakes' }));
    expect(removed).toEqual([]);
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    expect(removed).toEqual([2]);
    expect((await screen.findByRole('alert')).textContent).toBe('the category has articles');
  });
});
