import { type ClientDetail, putClientRequest, USERS_MESSAGES } from '@portal/contract/users';
import { Alert, Button, Checkbox, Form, Input, Select, Switch } from 'antd';
import type { MessageInstance } from 'antd/es/message/interface';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/lib/api-error';
import { useStoresFilter } from '@/lib/documents/get-stores-filter';
import { translateMessage } from '@/lib/i18n';
import { applyServerIssues, zodFieldRule } from '@/lib/zod-form';
import { usePutClientMutation } from '../api/put-client';

const FIELDS = ['name', 'nomcomercial', 'email', 'phone', 'almacen'] as const;
const PLATES = ['es_plate', 'fr_plate', 'it_plate', 'pt_plate'] as const;
const prepare = (v: Record<string, unknown>) => ({ ...v, almacen: v.almacen ?? null });

type Props = { client: ClientDetail; notify: MessageInstance; onSaved: () => void };

/**
 * The client (spec part 2 §3 Client): the data mirrored from the ERP (name, trade name, e-mail, phone) is asked
 * for by e-mail, answered with email 1 and MSG_ClientChangeRequested; the plate flags, blocks and home store are
 * the portal's and saved at once (decision 0032).
 */
export function ClientForm({ client, notify, onSaved }: Props) {
  const { t } = useTranslation();
  const [form] = Form.useForm();
  const stores = useStoresFilter();
  const save = usePutClientMutation();
  const [problem, setProblem] = useState<string | null>(null);
  const rule = (field: string) => zodFieldRule(putClientRequest, field, prepare);

  const submit = (values: Record<string, unknown>) => {
    setProblem(null);
    const body = putClientRequest.parse(prepare(values));
    save.mutate(
      { accountnum: client.accountnum, body },
      {
        onSuccess: (res) => {
          if (res.email === 1) void notify.info(t(USERS_MESSAGES.clientChangeRequested), 6);
          else void notify.success(t(res.message));
          onSaved();
        },
        onError: (error) => {
          if (!(error instanceof ApiError) || error.status !== 400) return;
          if (applyServerIssues(form, error.body?.issues ?? [], FIELDS) === 0) {
            setProblem(translateMessage(error.body?.message));
          }
        },
      },
    );
  };

  return (
    <Form
      form={form}
      layout="vertical"
      className="users-form"
      onFinish={submit}
      initialValues={client}
      data-testid="client-form"
    >
      {!client.isnew && <p className="users-hint">{t('UI_People_ErpHint')}</p>}
      {client.pendingRequests > 0 && (
        <Alert type="info" showIcon title={t('UI_People_PendingRequests', { count: client.pendingRequests })} />
      )}
      <div className="users-form__grid">
        <Form.Item name="name" label={t('UI_People_ClientName')} rules={[rule('name')]} required>
          <Input data-testid="client-name" />
        </Form.Item>
        <Form.Item name="nomcomercial" label={t('UI_People_TradeName')} rules={[rule('nomcomercial')]}>
          <Input data-testid="client-trade-name" />
        </Form.Item>
        <Form.Item name="email" label={t('UI_People_Email')} rules={[rule('email')]}>
          <Input type="email" data-testid="client-email" />
        </Form.Item>
        <Form.Item name="phone" label={t('UI_People_Phone')} rules={[rule('phone')]}>
          <Input data-testid="client-phone" />
        </Form.Item>
        <Form.Item name="almacen" label={t('UI_People_HomeStore')}>
          <Select
            allowClear={{ label: t('UI_A11y_Clear') }}
            loading={stores.isPending}
            options={(stores.data ?? []).map((s) => ({ value: s.id, label: `${s.name} (${s.id})` }))}
            data-testid="client-store"
          />
        </Form.Item>
      </div>
      <fieldset className="users-fieldset">
        <legend>{t('UI_People_PlateSearch')}</legend>
        {PLATES.map((flag) => (
          <Form.Item key={flag} name={flag} valuePropName="checked" noStyle>
            <Checkbox data-testid={`client-${flag}`}>{t(`UI_People_Plate_${flag.slice(0, 2)}`)}</Checkbox>
          </Form.Item>
        ))}
      </fieldset>
      <div className="users-form__switches">
        <Form.Item
          name="boqpedido"
          valuePropName="checked"
          label={t('UI_People_OrdersBlocked')}
          extra={t('UI_People_OrdersBlockedHint')}
        >
          <Switch data-testid="client-orders-blocked" />
        </Form.Item>
        <Form.Item
          name="bloqtodo"
          valuePropName="checked"
          label={t('UI_People_AllBlocked')}
          extra={t('UI_People_AllBlockedHint')}
        >
          <Switch data-testid="client-all-blocked" />
        </Form.Item>
      </div>
      {problem && <Alert type="error" showIcon title={problem} className="users-form__problem" />}
      <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="client-save">
        {t('UI_People_Save')}
      </Button>
    </Form>
  );
}
