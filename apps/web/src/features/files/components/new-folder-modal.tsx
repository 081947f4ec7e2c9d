import { folderName } from '@portal/contract/files';
import { Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/lib/api-error';
import { useCreateFolderMutation } from '../api/post-create-folder';

type Props = {
  open: boolean;
  /** The folder it is made in ('' the root) and how that folder is shown. */
  parent: string;
  parentLabel: string;
  onClose: () => void;
  onCreated: (fullPath: string) => void;
};

/** The new-folder dialog: the contract's name rule next to the field; the server's refusal (exists) there too. */
export function NewFolderModal({ open, parent, parentLabel, onClose, onCreated }: Props) {
  const { t } = useTranslation();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const create = useCreateFolderMutation();

  function close() {
    setName('');
    setError(null);
    onClose();
  }

  async function submit() {
    const checked = folderName.safeParse(name);
    if (!checked.success) {
      setError(checked.error.issues[0]?.message ?? 'WARN_FolderNameNotAllowed');
      return;
    }
    try {
      const done = await create.mutateAsync({ name: checked.data, fullPath: parent });
      close();
      onCreated(done.fullPath);
    } catch (e) {
      if (isApiError(e) && (e.status === 400 || e.status === 409))
        setError(e.issues[0]?.message ?? e.body?.message ?? 'WARN_FolderNameNotAllowed');
    }
  }

  return (
    <Modal
      open={open}
      title={t('UI_Files_NewFolder')}
      okText={t('UI_Files_Create')}
      cancelText={t('UI_Files_Cancel')}
      onOk={submit}
      onCancel={close}
      confirmLoading={create.isPending}
      destroyOnHidden
    >
      <Form
        layout="vertical"
        onFinish={submit}
        onSubmitCapture={(e) => {
          e.preventDefault();
        }}
      >
        <p className="file-admin__in">{t('UI_Files_FolderIn', { folder: parentLabel })}</p>
        <Form.Item
          label={t('UI_Files_FolderName')}
          htmlFor="new-folder-name"
          validateStatus={error ? 'error' : undefined}
          help={error ? t(error) : undefined}
        >
          <Input
            id="new-folder-name"
            autoFocus
            value={name}
            maxLength={200}
            onChange={(e) => {
              setName(e.target.value);
              setError(null);
            }}
            onPressEnter={submit}
            data-testid="new-folder-name"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
