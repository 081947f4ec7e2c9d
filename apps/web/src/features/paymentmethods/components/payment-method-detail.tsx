import { ArrowLeftOutlined } from '@ant-design/icons';
import { PAYMENT_CHANNEL } from '@portal/contract/cart';
import { ERP_NAME_MAX } from '@portal/contract/erp-names';
import {
  PAYMENT_CALC_TYPES,
  PAYMENT_METHODS_LIMITS,
  type PaymentMethod,
  type PutPaymentMethodBody,
  putPaymentMethodBody,
} from '@portal/contract/paymentmethods';
import { Alert, Button, Card, Form, Input, message, Select, Skeleton, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { applyNameIssues, ErpNamesFields } from '@/components/erp-names-fields';
import { isApiError } from '@/lib/api-error';
import { applyServerIssues, zodFieldRule } from '@/lib/zod-form';
import { usePaymentMethod } from '../api/get-payment-method';
import { usePutPaymentMethodMutation } from '../api/put-payment-method';

type Values = Omit<PutPaymentMethodBody, 'Porcentaje'> & { Porcentaje: string };
const FIELDS = [
  'Nombre',
  'Descripcion',
  'Forma_Pago_Cod',
  'Canal_Pago_Cod',
  'NOSYNC_PaymentmethodCalcType',
  'Porcentaje',
  'c_id',
];

const valuesOf = (m: PaymentMethod | undefined, clientId: string | undefined, lang: string): Values => ({
  Id_Tarjeta: m?.Id_Tarjeta ?? 0,
  Nombre: m?.Nombre ?? '',
  Descripcion: m?.Descripcion ?? '',
  Forma_Pago_Cod: (m?.Forma_Pago_Cod ?? 0) as 0 | 1,
  Canal_Pago_Cod: (m?.Canal_Pago_Cod ?? 0) as 0 | 2,
  NOSYNC_PaymentmethodCalcType: (m?.NOSYNC_PaymentmethodCalcType ?? 0) as 0 | 1 | 2,
  Porcentaje: (m?.Porcentaje ?? 0).toLocaleString(lang, { maximumFractionDigits: 2, useGrouping: false }),
  SW_Activo: m?.SW_Activo ?? true,
  c_id: m ? undefined : clientId,
  NAMES: m?.NAMES ?? {},
});

/** A payment method's form: new (id 0, `?c_id=` offers it to that client alone) or an existing one. */
export function PaymentMethodDetail({ id }: { id: number }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const clientId = params.get('c_id') || undefined;
  const found = usePaymentMethod(id, id > 0);
  const [notify, notifyHolder] = message.useMessage({ top: 64 });
  const [form] = Form.useForm<Values>();
  const save = usePutPaymentMethodMutation();
  const calcType = Form.useWatch('NOSYNC_PaymentmethodCalcType', form);
  const nombre = Form.useWatch('Nombre', form);
  const rule = (field: string) => [zodFieldRule(putPaymentMethodBody, field)];
  const codes = (prefix: string, list: number[]) => list.map((c) => ({ value: c, label: t(`${prefix}${c}`) }));
  const back = () => navigate('/setting/paymentmethod');

  async function submit(values: Values) {
    try {
      const saved = await save.mutateAsync({ ...values, Id_Tarjeta: id });
      void notify.success(t('WARN_SaveOK'));
      if (id === 0) navigate(`/setting/paymentmethod/${saved.Id_Tarjeta}`, { replace: true });
    } catch (error) {
      if (isApiError(error) && error.status === 400) {
        applyServerIssues(form, error.issues, FIELDS);
        applyNameIssues(form, error.issues);
      } else throw error;
    }
  }

  const title = id === 0 ? t('UI_Rules_NewPaymentMethod') : (found.data?.Nombre ?? t('UI_Title_PaymentMethods'));
  return (
    <Card
      variant="borderless"
      className="paymentmethods-detail"
      title={title}
      extra={
        <Button icon={<ArrowLeftOutlined />} onClick={back} data-testid="payment-method-back">
          {t('UI_Rules_Back')}
        </Button>
      }
    >
      {notifyHolder}
      {found.isError ? (
        <Alert type="warning" showIcon title={t('UI_Rules_PaymentMethodNotFound')} />
      ) : id > 0 && !found.data ? (
        <Skeleton active />
      ) : (
        <Form<Values>
          key={found.dataUpdatedAt}
          form={form}
          layout="vertical"
          initialValues={valuesOf(found.data, clientId, i18n.language)}
          onFinish={submit}
          data-testid="payment-method-form"
        >
          {clientId && id === 0 ? (
            <Alert
              type="info"
              showIcon
              className="paymentmethods-form__alert"
              title={t('UI_Rules_ForClient', { client: clientId })}
            />
          ) : null}
          {found.data?.Cliente_Id ? (
            <Alert
              type="info"
              showIcon
              className="paymentmethods-form__alert"
              title={t('UI_Rules_ForClient', {
                client: `${found.data.Cliente_Id} · ${found.data.Cliente_Nombre ?? ''}`,
              })}
            />
          ) : null}
          <Form.Item name="c_id" hidden>
            <Input />
          </Form.Item>
          <Form.Item name="Nombre" label={t('UI_Rules_Name')} rules={rule('Nombre')} required>
            <Input maxLength={PAYMENT_METHODS_LIMITS.nameMax} data-testid="payment-method-name" />
          </Form.Item>
          <Form.Item name="Descripcion" label={t('UI_Rules_Description')} rules={rule('Descripcion')}>
            <Input.TextArea rows={2} maxLength={PAYMENT_METHODS_LIMITS.descriptionMax} showCount />
          </Form.Item>
          <div className="paymentmethods-form__pair">
            <Form.Item name="Forma_Pago_Cod" label={t('UI_Rules_PaymentForm')} rules={rule('Forma_Pago_Cod')}>
              <Select options={codes('UI_Rules_Form', [0, 1])} data-testid="payment-method-form-cod" />
            </Form.Item>
            <Form.Item
              name="Canal_Pago_Cod"
              label={t('UI_Rules_PaymentChannel')}
              rules={rule('Canal_Pago_Cod')}
              dependencies={['Forma_Pago_Cod']}
            >
              <Select
                options={codes('UI_Rules_Channel', [PAYMENT_CHANNEL.cash, PAYMENT_CHANNEL.card])}
                data-testid="payment-method-channel"
              />
            </Form.Item>
            <Form.Item name="NOSYNC_PaymentmethodCalcType" label={t('UI_Rules_CalcType')}>
              <Select options={codes('UI_Rules_Calc', [0, 1, 2])} data-testid="payment-method-calc" />
            </Form.Item>
            <Form.Item
              name="Porcentaje"
              label={t('UI_Rules_Percent')}
              rules={rule('Porcentaje')}
              dependencies={['NOSYNC_PaymentmethodCalcType']}
              extra={t('UI_Rules_PercentHelp')}
            >
              <Input
                inputMode="decimal"
                suffix="%"
                disabled={calcType === PAYMENT_CALC_TYPES.none}
                data-testid="payment-method-percent"
              />
            </Form.Item>
          </div>
          <Form.Item name="SW_Activo" label={t('UI_Rules_Active')} valuePropName="checked">
            <Switch />
          </Form.Item>
          <ErpNamesFields erpName={nombre ?? ''} max={ERP_NAME_MAX.paymentMethod} testId="payment-method-names" />
          <div className="paymentmethods-form__actions">
            <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="payment-method-save">
              {t('UI_Rules_Save')}
            </Button>
          </div>
        </Form>
      )}
    </Card>
  );
}
