import {
  type AddStockMessageBody,
  addStockMessageBody,
  STOCK_LIMITS,
  STOCK_MESSAGES,
  type StockMessage,
  type StoreOption,
  updateStockMessageBody,
} from '@portal/contract/stock';
import { Alert, Button, Form, Input, Modal, Select, Switch } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/lib/api-error';
import { applyServerIssues, zodFieldRule } from '@/lib/zod-form';
import { useAddStockMessageMutation } from '../api/post-add-message';
import { useUpdateStockMessageMutation } from '../api/post-update-message';

type Values = { origen?: string; destino?: string; mensaje?: string; activo?: boolean };
const FIELDS = ['origen', 'destino', 'mensaje', 'activo'] as const;

type Props = {
  stores: StoreOption[];
  /** The message edited; none adds a new one (active). */
  message?: StockMessage;
  /** A new message starts from the store the list shows. */
  defaultOrigin?: string;
  onSaved: (id: number) => void;
  onCancel?: () => void;
};

/**
 * The stock message form (spec part 2 §3): origin, destination, text and, when editing, the active flag. The
 * contract's rules run on each field; a pair that already has a message is refused by the server: on adding,
 * WARN_MessageDuplicated in the form; on editing, "Ya existe mensaje para esos almacenes" titled "Mensaje de Error".
 */
export function StockMessageForm({ stores, message, defaultOrigin, onSaved, onCancel }: Props) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const [duplicate, setDuplicate] = useState(false);
  const [modal, modalHolder] = Modal.useModal();
  const add = useAddStockMessageMutation();
  const update = useUpdateStockMessageMutation();
  const editing = message !== undefined;
  const schema = editing ? updateStockMessageBody : addStockMessageBody;
  const prepare = (v: Record<string, unknown>) => ({ ...v, id: message?.Id ?? 0, activo: v.activo ?? true });
  const rule = (field: string) => [zodFieldRule(schema, field, prepare)];
  const options = stores.map((s) => ({ value: s.id, label: `${s.name} (${s.id})` }));

  async function submit(values: Values) {
    setDuplicate(false);
    const body: AddStockMessageBody = {
      origen: values.origen ?? '',
      destino: values.destino ?? '',
      mensaje: values.mensaje ?? '',
    };
    try {
      if (message) {
        await update.mutateAsync({ ...body, id: message.Id, activo: values.activo ?? true });
        onSaved(message.Id);
      } else {
        const saved = await add.mutateAsync({ ...body, ubicacion: defaultOrigin });
        onSaved(saved.id);
      }
    } catch (error) {
      if (!isApiError(error)) throw error;
      if (error.status === 409 && message) {
        modal.error({ title: t(STOCK_MESSAGES.errorTitle), content: t(STOCK_MESSAGES.exists) });
      } else if (error.status === 409) {
        setDuplicate(true);
      } else if (error.status === 400) {
        applyServerIssues(form, error.issues, FIELDS);
      }
    }
  }

  return (
    <Form<Values>
      form={form}
      layout="vertical"
      requiredMark
      initialValues={
        message
          ? {
              origen: message.InventLocationOrigenId,
              destino: message.InventLocationDestineId,
              mensaje: message.Mensaje,
              activo: message.SW_Activo,
            }
          : { origen: defaultOrigin }
      }
      onFinish={submit}
      onValuesChange={() => setDuplicate(false)}
      data-testid="stock-message-form"
    >
      {modalHolder}
      {duplicate ? (
        <Alert
          type="error"
          showIcon
          className="stock-form__alert"
          title={t(STOCK_MESSAGES.duplicated)}
          data-testid="stock-message-duplicate"
          role="alert"
        />
      ) : null}
      <div className="stock-form__pair">
        <Form.Item name="origen" label={t('UI_Rules_Origin')} rules={rule('origen')} required>
          <Select options={options} showSearch={{ optionFilterProp: 'label' }} data-testid="stock-message-origin" />
        </Form.Item>
        <Form.Item
          name="destino"
          label={t('UI_Rules_Destination')}
          rules={rule('destino')}
          dependencies={['origen']}
          required
        >
          <Select
            options={options}
            showSearch={{ optionFilterProp: 'label' }}
            data-testid="stock-message-destination"
          />
        </Form.Item>
      </div>
      <Form.Item name="mensaje" label={t('UI_Rules_Message')} rules={rule('mensaje')} required>
        <Input.TextArea rows={3} maxLength={STOCK_LIMITS.messageMax} showCount data-testid="stock-message-text" />
      </Form.Item>
      {editing ? (
        <Form.Item name="activo" label={t('UI_Rules_Active')} valuePropName="checked">
          <Switch data-testid="stock-message-active" />
        </Form.Item>
      ) : null}
      <div className="stock-form__actions">
        {onCancel ? <Button onClick={onCancel}>{t('UI_Rules_Cancel')}</Button> : null}
        <Button
          type="primary"
          htmlType="submit"
          loading={add.isPending || update.isPending}
          data-testid="stock-message-save"
        >
          {t('UI_Rules_Save')}
        </Button>
      </div>
    </Form>
  );
}
