import { DeleteOutlined, FolderAddOutlined } from '@ant-design/icons';
import { FILE_ACCEPT } from '@portal/contract/files';
import { useQueryClient } from '@tanstack/react-query';
import { Button, type ButtonProps, Modal, message } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { UploadDropzone } from '@/components/upload-dropzone';
import { isApiError } from '@/lib/api-error';
import { useDeleteEntryMutation } from '../api/delete-entry';
import { fileKeys } from '../api/file-keys';
import { uploadLibraryFile } from '../api/post-upload';
import type { Entry } from './file-tree';
import { NewFolderModal } from './new-folder-modal';

const UPLOAD_TEXTS = { uploaded: 'UI_Files_Uploaded', hint: 'UI_Files_DropHint', types: 'UI_Files_DropTypes' };

type Props = {
  /** The selected entry (null: none); uploads and new folders go into `folder`. */
  selected: Entry | null;
  folder: string;
  folderLabel: string;
  onCreated: (fullPath: string) => void;
  onDeleted: (entry: Entry) => void;
  onUploaded: (folder: string) => void;
};

/**
 * The administrator variant's controls (spec part 2 §6): upload by button or by dropping several files, each with
 * its own progress; a new folder; delete the selected file or folder after a confirmation, and a folder that is
 * not empty after a second one ("El directorio no está vacío…", spec part 2 §5).
 */
export function FileAdminBar({ selected, folder, folderLabel, onCreated, onDeleted, onUploaded }: Props) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [modal, modalHolder] = Modal.useModal();
  const [notify, notifyHolder] = message.useMessage({ top: 64 });
  const [creating, setCreating] = useState(false);
  const remove = useDeleteEntryMutation();
  const target = useRef(folder);
  target.current = folder;

  const canDelete = selected !== null && selected.fullPath !== '';

  function confirmDelete() {
    if (!selected || !canDelete) return;
    const entry = selected;
    modal.confirm({
      title: t('MSG_ConfirmTitle'),
      content: `${t(entry.isFolder ? 'MSG_ConfirmDeleteFolder' : 'MSG_ConfirmDeleteFile')} (${entry.name})`,
      okText: t('UI_Files_Delete'),
      cancelText: t('UI_Files_Cancel'),
      okButtonProps: { danger: true, 'data-testid': 'confirm-delete' } as ButtonProps,
      onOk: async () => {
        try {
          await remove.mutateAsync({ fullPath: entry.fullPath, isFolder: entry.isFolder });
          done(entry);
        } catch (error) {
          if (isApiError(error) && error.status === 409 && entry.isFolder) confirmNotEmpty(entry);
        }
      },
    });
  }

  function confirmNotEmpty(entry: Entry) {
    modal.confirm({
      title: t('MSG_ConfirmTitle'),
      content: `${t('MSG_FolderNotEmpty')} (${entry.name})`,
      okText: t('UI_Files_DeleteAll'),
      cancelText: t('UI_Files_Cancel'),
      okButtonProps: { danger: true, 'data-testid': 'confirm-delete-all' } as ButtonProps,
      onOk: async () => {
        await remove.mutateAsync({ fullPath: entry.fullPath, isFolder: true, force: true });
        done(entry);
      },
    });
  }

  function done(entry: Entry) {
    void notify.success(t('WARN_DeleteOK'));
    onDeleted(entry);
  }

  return (
    <section className="file-admin" aria-label={t('UI_Title_FileAdmin')}>
      {modalHolder}
      {notifyHolder}
      <div className="file-admin__bar">
        <span className="file-admin__folder" data-testid="current-folder">
          <span className="file-admin__folder-label">{t('UI_Files_CurrentFolder')}:</span>{' '}
          <strong>{folderLabel}</strong>
        </span>
        <span className="file-admin__actions">
          <Button icon={<FolderAddOutlined />} onClick={() => setCreating(true)} data-testid="new-folder">
            {t('UI_Files_NewFolder')}
          </Button>
          <Button
            danger
            icon={<DeleteOutlined />}
            disabled={!canDelete}
            title={canDelete ? undefined : t('UI_Files_SelectToDelete')}
            onClick={confirmDelete}
            data-testid="delete-selected"
          >
            {canDelete ? t('UI_Files_DeleteSelected', { name: selected.name }) : t('UI_Files_Delete')}
          </Button>
        </span>
      </div>
      <UploadDropzone
        className="file-admin__drop"
        accept={FILE_ACCEPT}
        testId="file-drop"
        texts={UPLOAD_TEXTS}
        progress={{ size: ['100%', 4], showInfo: true, format: (p) => `${Math.round(p ?? 0)} %` }}
        send={async (file, onProgress) => {
          const into = target.current;
          await uploadLibraryFile(into, file, onProgress);
          void queryClient.invalidateQueries({ queryKey: fileKeys.folder(into) });
          onUploaded(into);
          return 1;
        }}
      />
      <NewFolderModal
        open={creating}
        parent={folder}
        parentLabel={folderLabel}
        onClose={() => setCreating(false)}
        onCreated={onCreated}
      />
    </section>
  );
}
