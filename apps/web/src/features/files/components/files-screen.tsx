import { SettingOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Empty, message, Spin } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isApiError } from '@/lib/api-error';
import { downloadLibraryFile } from '../api/get-file';
import { FileAdminBar } from './file-admin-bar';
import { type Entry, FileTree, ROOT, ROOT_KEY } from './file-tree';
import { useLibraryTree } from './use-library-tree';
import './files.css';

const parentOf = (p: string) => p.split('/').slice(0, -1).join('/');
const keyOf = (p: string) => (p === '' ? ROOT_KEY : p);

type Props = {
  /** The administrator variant (spec part 2 §6): upload, new folder, delete. The normal one downloads only. */
  admin: boolean;
  /** On /file/file, an administrator gets a link to /setting/file. */
  adminLink?: boolean;
};

/** The file library screen (/file/file, /setting/file): the tree, and the administrator's controls. */
export function FilesScreen({ admin, adminLink = false }: Props) {
  const { t } = useTranslation();
  const tree = useLibraryTree();
  const [expanded, setExpanded] = useState<string[]>([ROOT_KEY]);
  const [selected, setSelected] = useState<Entry | null>(admin ? ROOT : null);
  const [notify, holder] = message.useMessage({ top: 64 });
  const root = tree.folders.get('');
  const folder = selected ? (selected.isFolder ? selected.fullPath : parentOf(selected.fullPath)) : '';
  const folderLabel = [t('UI_Files_Root'), ...(folder ? folder.split('/') : [])].join(' / ');

  async function expand(path: string) {
    const parents = path ? path.split('/').map((_, i, all) => all.slice(0, i + 1).join('/')) : [];
    for (const p of parents) await tree.open(p);
    setExpanded((keys) => [...new Set([...keys, ROOT_KEY, ...parents])]);
  }

  function choose(entry: Entry) {
    setSelected(entry);
    if (entry.isFolder) {
      const key = keyOf(entry.fullPath);
      if (expanded.includes(key)) setExpanded((keys) => keys.filter((k) => k !== key));
      else void expand(entry.fullPath);
      return;
    }
    downloadLibraryFile(entry.fullPath, entry.name).catch((error: unknown) => {
      const text = isApiError(error) ? t(error.message) : String(error);
      void notify.error(t('MSG_UnableToRetrieveData', { message: text }));
    });
  }

  function deleted(entry: Entry) {
    if (entry.isFolder) tree.forget(entry.fullPath);
    setExpanded((keys) => keys.filter((k) => k !== entry.fullPath && !k.startsWith(`${entry.fullPath}/`)));
    setSelected({
      fullPath: parentOf(entry.fullPath),
      name: parentOf(entry.fullPath).split('/').pop() ?? '',
      isFolder: true,
    });
  }

  async function created(fullPath: string) {
    await expand(parentOf(fullPath));
    setSelected({ fullPath, name: fullPath.split('/').pop() ?? fullPath, isFolder: true });
    await expand(fullPath);
  }

  let body: React.ReactNode;
  if (!root || (root.pending && root.items.length === 0)) body = <Spin className="files__loading" />;
  else if (root.error && root.items.length === 0)
    body = (
      <Alert
        type="error"
        showIcon
        message={t('MSG_UnableToRetrieveData', { message: t(root.error.message) })}
        action={
          <Button size="small" onClick={() => tree.retry('')}>
            {t('UI_Files_Retry')}
          </Button>
        }
        data-testid="files-error"
      />
    );
  else
    body = (
      <>
        <FileTree
          folders={tree.folders}
          expanded={expanded}
          onExpandedChange={setExpanded}
          selected={selected ? selected.fullPath : null}
          onOpen={tree.open}
          onMore={tree.more}
          onRetry={(f) => void tree.retry(f)}
          onChoose={choose}
        />
        {root.items.length === 0 ? (
          <Empty
            image={Empty.PRESENTED_IMAGE_SIMPLE}
            description={t(admin ? 'UI_Files_EmptyAdmin' : 'UI_Files_Empty')}
            data-testid="files-empty"
          />
        ) : null}
      </>
    );

  return (
    <Card
      variant="borderless"
      title={t(admin ? 'UI_Title_FileAdmin' : 'UI_Title_Files')}
      extra={
        adminLink ? (
          <Link to="/setting/file">
            <SettingOutlined /> {t('UI_Files_Admin')}
          </Link>
        ) : null
      }
      className="files"
    >
      {holder}
      <div className={admin ? 'files__layout files__layout--admin' : 'files__layout'}>
        <div className="files__tree">
          <p className="files__hint">{t('UI_Files_Hint')}</p>
          {body}
        </div>
        {admin ? (
          <FileAdminBar
            selected={selected}
            folder={folder}
            folderLabel={folderLabel}
            onCreated={(p) => void created(p)}
            onDeleted={deleted}
            onUploaded={(f) => void expand(f)}
          />
        ) : null}
      </div>
    </Card>
  );
}
