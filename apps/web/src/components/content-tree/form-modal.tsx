import { Form, Modal, Skeleton } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FormError } from '@/components/form-error';

type Props = {
  title: string;
  /** The id of the save button. */
  saveId: string;
  saving: boolean;
  testId: string;
  /** The whole form's error (a dictionary key), shown under the fields. */
  error: string | undefined;
  onSave: () => void;
  onClose: () => void;
  children: ReactNode;
};

/** A content popup form (a category's, a menu's): its fields, the form's error, and save and cancel below. */
export function FormModal({ title, saveId, saving, testId, error, onSave, onClose, children }: Props) {
  const { t } = useTranslation();
  return (
    <Modal
      open
      title={title}
      onCancel={onClose}
      onOk={onSave}
      okText={t('UI_Content_Save')}
      cancelText={t('UI_Content_Cancel')}
      okButtonProps={{ loading: saving, id: saveId }}
      destroyOnHidden
    >
      <Form layout="vertical" component="div" data-testid={testId}>
        {children}
        <FormError error={error} style={{ color: '#b42318' }} />
      </Form>
    </Modal>
  );
}

/** The popup while the record it edits is read. */
export function LoadingModal({ onClose }: { onClose: () => void }) {
  return (
    <Modal open footer={null} onCancel={onClose}>
      <Skeleton active />
    </Modal>
  );
}
