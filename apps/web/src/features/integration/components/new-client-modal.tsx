import { INTEGRATION_SCOPES } from '@portal/contract/endpoint';
import {
  type CreateIntegrationClientBody,
  createIntegrationClientBody,
  INTEGRATION_LIMITS,
  type IntegrationCredentials,
} from '@portal/contract/integration';
import { Checkbox, Form, Input, Modal } from 'antd';
import type { CheckboxGroupProps } from 'antd/es/checkbox';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/lib/api-error';
import { applyServerIssues, zodFieldRule } from '@/lib/zod-form';
import { useCreateIntegrationClient } from '../api/create-integration-client';

type Props = {
  open: boolean;
  onCancel: () => void;
  onCreated: (credentials: IntegrationCredentials, name: string) => void;
};

const FIELDS = ['name', 'scopes'] as const;
const SCOPES_LABEL = 'integration-scopes-label';

/**
 * The scopes' checkboxes as a group named by the field's label. The form item marks its control `aria-required`,
 * which a group may not carry (axe's aria-allowed-attr): the label's mark and the rule's message say it instead.
 */
function ScopesGroup({ 'aria-required': _required, ...props }: CheckboxGroupProps & { 'aria-required'?: unknown }) {
  return <Checkbox.Group role="group" aria-labelledby={SCOPES_LABEL} {...props} />;
}

/** "New client": a name and the scopes it may ask for; the same rules as the server's (contract). */
export function NewClientModal({ open, onCancel, onCreated }: Props) {
  const { t } = useTranslation();
  const [form] = Form.useForm<CreateIntegrationClientBody>();
  const create = useCreateIntegrationClient();
  const rule = (field: string) => [zodFieldRule(createIntegrationClientBody, field)];

  async function submit(values: CreateIntegrationClientBody) {
    try {
      const credentials = await create.mutateAsync({ name: values.name ?? '', scopes: values.scopes ?? [] });
      form.resetFields();
      onCreated(credentials, values.name.trim());
    } catch (error) {
      if (isApiError(error) && error.status === 400) applyServerIssues(form, error.issues, FIELDS);
      else throw error;
    }
  }

  return (
    <Modal
      open={open}
      title={t('UI_Integration_NewClient')}
      okText={t('UI_Integration_Create')}
      okButtonProps={{ loading: create.isPending, ...{ 'data-testid': 'integration-create' } }}
      onOk={() => form.submit()}
      onCancel={onCancel}
      destroyOnHidden
    >
      <Form<CreateIntegrationClientBody>
        form={form}
        layout="vertical"
        requiredMark
        initialValues={{ scopes: ['erp.feeds'] }}
        onFinish={submit}
        data-testid="integration-new-form"
      >
        <Form.Item
          name="name"
          label={t('UI_Integration_Name')}
          rules={rule('name')}
          extra={t('UI_Integration_NameHelp')}
          required
        >
          <Input maxLength={INTEGRATION_LIMITS.nameMax} autoFocus data-testid="integration-name" />
        </Form.Item>
        <Form.Item
          name="scopes"
          label={<span id={SCOPES_LABEL}>{t('UI_Integration_Scopes')}</span>}
          rules={rule('scopes')}
          required
        >
          <ScopesGroup className="integration-scopes">
            {INTEGRATION_SCOPES.map((s) => (
              <Checkbox key={s} value={s} data-testid={`integration-scope-${s}`}>
                <strong>{s}</strong> — {t(`UI_Integration_Scope_${s.replace('.', '_')}`)}
              </Checkbox>
            ))}
          </ScopesGroup>
        </Form.Item>
      </Form>
    </Modal>
  );
}
