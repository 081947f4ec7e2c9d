import { IMAGE_LIMITS, type Image, imageUpdate } from '@portal/contract/images';
import { type ButtonProps, Form, Input, Modal } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/lib/api-error';
import { applyServerIssues, zodFieldRule } from '@/lib/zod-form';
import { usePutImageMutation } from '../api/put-image';

type Props = { image: Image | null; onClose: () => void; onSaved: (image: Image) => void };
type Values = { name: string; description: string };

/** Rename or describe an image (putimg/{id}), checked by the contract's rule before it is sent and again there. */
export function ImageEditModal({ image, onClose, onSaved }: Props) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const save = usePutImageMutation();

  useEffect(() => {
    if (image) form.setFieldsValue({ name: image.name, description: image.description });
  }, [image, form]);

  async function submit() {
    if (!image) return;
    const values = await form.validateFields();
    try {
      const saved = await save.mutateAsync({ id: image.id, body: imageUpdate.parse(values) });
      onSaved(saved);
    } catch (error) {
      if (isApiError(error) && applyServerIssues(form, error.issues, ['name', 'description']) > 0) return;
      if (isApiError(error)) form.setFields([{ name: 'name', errors: [t(error.message)] }]);
    }
  }

  return (
    <Modal
      open={image !== null}
      title={t('UI_Images_EditTitle')}
      okText={t('UI_Images_Save')}
      cancelText={t('UI_Images_Cancel')}
      onOk={() => void submit()}
      onCancel={onClose}
      confirmLoading={save.isPending}
      destroyOnHidden
      okButtonProps={{ 'data-testid': 'save-image' } as ButtonProps}
    >
      {image && (
        <img className="image-edit__preview" src={image.medium_url} alt="" width={image.width} height={image.height} />
      )}
      <Form form={form} layout="vertical" onFinish={() => void submit()} preserve={false}>
        <Form.Item
          name="name"
          label={t('UI_Images_Name')}
          rules={[zodFieldRule(imageUpdate, 'name')]}
          validateTrigger={['onBlur', 'onChange']}
        >
          <Input maxLength={IMAGE_LIMITS.nameMax + 20} data-testid="image-name" autoFocus />
        </Form.Item>
        <Form.Item
          name="description"
          label={t('UI_Images_Description')}
          rules={[zodFieldRule(imageUpdate, 'description')]}
        >
          <Input.TextArea rows={3} maxLength={IMAGE_LIMITS.descriptionMax + 20} data-testid="image-description" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
