import { finishRefundCart, REFUND_LIMITS } from '@portal/contract/refunds';
import { Form, Input, Modal, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/lib/api-error';
import { zodFieldRule } from '@/lib/zod-form';
import { useFinishCartMutation } from '../api/finish-cart';
import { useReturnAddresses } from '../api/get-return-addresses';

type Values = { observations?: string; Direccion_Usuario?: number };

/** Finalizar: the observations (required, letters, digits, spaces, hyphen) and the address to collect from. */
export function FinishDialog({
  cartId,
  onDone,
  onClose,
}: {
  cartId: number;
  onDone: (id: number) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const addresses = useReturnAddresses(true);
  const finish = useFinishCartMutation();
  const withId = (values: Record<string, unknown>) => ({ ...values, id: cartId });
  const submit = async (v: Values) => {
    try {
      const res = await finish.mutateAsync({
        id: cartId,
        observations: v.observations ?? '',
        Direccion_Usuario: v.Direccion_Usuario ?? 0,
      });
      onDone(res.returntablewebid);
    } catch (error) {
      if (!isApiError(error)) throw error;
      const field = error.message.includes('Address') ? 'Direccion_Usuario' : 'observations';
      form.setFields([{ name: field, errors: [t(error.message)] }]);
    }
  };
  const selected = addresses.data?.find((a) => a.selected)?.id;
  return (
    <Modal
      open
      title={t('UI_Refunds_FinishTitle')}
      okText={t('UI_Refunds_Finish')}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={finish.isPending}
      destroyOnHidden
    >
      {addresses.isPending ? null : (
        <Form form={form} layout="vertical" onFinish={submit} initialValues={{ Direccion_Usuario: selected }}>
          <Form.Item
            name="observations"
            label={t('UI_Refunds_Observations')}
            extra={t('UI_Refunds_ObservationsHint')}
            rules={[zodFieldRule(finishRefundCart, 'observations', withId)]}
          >
            <Input maxLength={REFUND_LIMITS.observationsMax} data-testid="refund-observations" />
          </Form.Item>
          <Form.Item
            name="Direccion_Usuario"
            label={t('UI_Refunds_Address')}
            rules={[zodFieldRule(finishRefundCart, 'Direccion_Usuario', withId)]}
          >
            <Select
              options={(addresses.data ?? []).map((a) => ({ value: a.id, label: a.label }))}
              data-testid="refund-address"
            />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}
