import {
  FileExcelOutlined,
  FileOutlined,
  FilePdfOutlined,
  FolderOpenOutlined,
  FolderOutlined,
  HddOutlined,
} from '@ant-design/icons';
import type { FileTreeItem } from '@portal/contract/files';
import { Tree, type TreeDataNode } from 'antd';
import type { Key, KeyboardEvent, ReactNode } from 'react';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { FolderState } from './use-library-tree';

/** What a node of the tree is: the library's root, a folder or file, or a row that is not an entry. */
export type Entry = { fullPath: string; name: string; isFolder: boolean };
type NodeKind =
  | { kind: 'entry'; entry: Entry }
  | { kind: 'more'; folder: string }
  | { kind: 'note'; folder: string; retry?: boolean };
type Node = TreeDataNode & { data: NodeKind; children?: Node[] };

export const ROOT_KEY = '\u0001root';
export const ROOT: Entry = { fullPath: '', name: '', isFolder: true };

const ICONS: Record<FileTreeItem['icon'], ReactNode> = {
  folder: <FolderOutlined />,
  pdf: <FilePdfOutlined className="file-tree__icon--pdf" />,
  excel: <FileExcelOutlined className="file-tree__icon--excel" />,
  file: <FileOutlined />,
};

const sizeText = (bytes: number, lang: string) =>
  bytes < 1024
    ? `${bytes} B`
    : bytes < 1024 * 1024
      ? `${(bytes / 1024).toLocaleString(lang, { maximumFractionDigits: 0 })} KB`
      : `${(bytes / 1024 / 1024).toLocaleString(lang, { maximumFractionDigits: 1 })} MB`;

type Props = {
  folders: Map<string, FolderState>;
  expanded: string[];
  onExpandedChange: (keys: string[]) => void;
  selected: string | null;
  /** A folder to load before it opens. */
  onOpen: (folder: string) => Promise<void>;
  onMore: (folder: string) => void;
  onRetry: (folder: string) => void;
  /** A node chosen (click, Enter): a file is downloaded, a folder opens or closes. */
  onChoose: (entry: Entry) => void;
};

/**
 * The library as a tree (spec part 2 §3, §4): a root, folders that expand and collapse (each loaded when first
 * opened), files with an icon by type (PDF, Excel: xls, xlsx, xlsm, csv, xlt, or another file). Keyboard: the
 * arrows move and open, Enter downloads a file or opens a folder.
 */
export function FileTree({ folders, expanded, onExpandedChange, selected, onOpen, onMore, onRetry, onChoose }: Props) {
  const { t, i18n } = useTranslation();
  const active = useRef<Node | null>(null);

  function childrenOf(folder: string): Node[] | undefined {
    const state = folders.get(folder);
    if (!state) return undefined;
    if (state.error && state.items.length === 0)
      return [
        {
          key: `\u0001error:${folder}`,
          title: (
            <span className="file-tree__error" role="alert">
              {t('MSG_UnableToRetrieveData', { message: t(state.error.message) })}
            </span>
          ),
          isLeaf: true,
          selectable: true,
          data: { kind: 'note', folder, retry: true },
        },
      ];
    const nodes: Node[] = state.items.map((item) => ({
      key: item.fullPath,
      title: item.isFolder ? (
        item.name
      ) : (
        <span className="file-tree__file">
          <span className="file-tree__name">{item.name}</span>
          <span className="file-tree__size">{sizeText(item.size, i18n.language)}</span>
        </span>
      ),
      icon: item.isFolder
        ? ({ expanded: open }: { expanded?: boolean }) => (open ? <FolderOpenOutlined /> : <FolderOutlined />)
        : ICONS[item.icon],
      isLeaf: !item.isFolder,
      children: item.isFolder ? childrenOf(item.fullPath) : undefined,
      data: { kind: 'entry', entry: { fullPath: item.fullPath, name: item.name, isFolder: item.isFolder } },
    }));
    if (state.items.length < state.total)
      nodes.push({
        key: `\u0001more:${folder}`,
        title: (
          <span className="file-tree__more">{t('UI_Files_More', { count: state.total - state.items.length })}</span>
        ),
        isLeaf: true,
        data: { kind: 'more', folder },
      });
    if (nodes.length === 0 && folder !== '' && !state.pending)
      nodes.push({
        key: `\u0001empty:${folder}`,
        title: <span className="file-tree__note">{t('UI_Files_EmptyFolder')}</span>,
        isLeaf: true,
        selectable: false,
        data: { kind: 'note', folder },
      });
    return nodes;
  }

  const treeData: Node[] = [
    {
      key: ROOT_KEY,
      title: t('UI_Files_Root'),
      icon: <HddOutlined />,
      isLeaf: false,
      children: childrenOf(''),
      data: { kind: 'entry', entry: ROOT },
    },
  ];

  function choose(node: Node) {
    const d = node.data;
    if (d.kind === 'more') onMore(d.folder);
    else if (d.kind === 'note' && d.retry) onRetry(d.folder);
    else if (d.kind === 'entry') onChoose(d.entry);
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    // The tree selects a file on Enter only when it is not selected yet; Enter on a selected file downloads it too.
    const node = active.current;
    if (event.key === 'Enter' && !event.defaultPrevented && node) {
      const d = node.data;
      if (d.kind !== 'entry' || !d.entry.isFolder) choose(node);
    }
  }

  return (
    <Tree<Node>
      className="file-tree"
      aria-label={t('UI_Files_TreeLabel')}
      showIcon
      blockNode
      treeData={treeData}
      expandedKeys={expanded}
      selectedKeys={selected === null ? [] : [selected === '' ? ROOT_KEY : selected]}
      onExpand={(keys) => onExpandedChange(keys.map(String))}
      loadData={(node) =>
        onOpen((node.data as NodeKind).kind === 'entry' ? (node.data as { entry: Entry }).entry.fullPath : '')
      }
      onSelect={(_keys: Key[], info) => choose(info.node as unknown as Node)}
      onActiveChange={(key) => {
        active.current = key === null ? null : findNode(treeData, String(key));
      }}
      onKeyDown={onKeyDown}
    />
  );
}

function findNode(nodes: Node[] | undefined, key: string): Node | null {
  for (const n of nodes ?? []) {
    if (n.key === key) return n;
    const found = findNode(n.children, key);
    if (found) return found;
  }
  return null;
}
