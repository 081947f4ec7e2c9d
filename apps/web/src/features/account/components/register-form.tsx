import { LockOutlined, MailOutlined } from '@ant-design/icons';
import { type RegisterRequest, registerRequest } from '@portal/contract/account';
import { Alert, Button, Checkbox, Form, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/lib/api-error';
import { translateMessage } from '@/lib/i18n';
import { applyServerIssues, zodFieldRule } from '@/lib/zod-form';
import { useWorkZonesOptions } from '../api/get-work-zones-options';
import { useRegisterMutation } from '../api/post-register';

const FIELDS = ['userName', 'password', 'confirmPassword', 'terms', 'workzone'] as const;

/** Form values as the request: an untouched select or checkbox still gives the schema a string / boolean. */
function toRequest(values: Record<string, unknown>): Record<string, unknown> {
  return { ...values, workzone: values.workzone ?? '', terms: values.terms === true };
}

const rule = (field: (typeof FIELDS)[number]) => zodFieldRule(registerRequest, field, toRequest);

type RegisterFormProps = { onRegistered: (message: string) => void };

/** Registration: the contract's `registerRequest` validates here and again on the server. */
export function RegisterForm({ onRegistered }: RegisterFormProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<RegisterRequest>();
  const register = useRegisterMutation();
  const workZones = useWorkZonesOptions();

  const onFinish = () => {
    const parsed = registerRequest.safeParse(toRequest(form.getFieldsValue(true)));
    if (!parsed.success) return;
    register.mutate(parsed.data, {
      onSuccess: (reply) => onRegistered(reply.message),
      onError: (error) => {
        if (isApiError(error)) applyServerIssues(form, error.issues, FIELDS);
      },
    });
  };

  const error = register.error;
  const refusal =
    isApiError(error) && error.status > 0
      ? error.body?.error_description || translateMessage(error.body?.message) || t('UI_RegisterFailed')
      : null;

  return (
    <Form<RegisterRequest>
      form={form}
      layout="vertical"
      requiredMark={false}
      initialValues={{ userName: '', password: '', confirmPassword: '', terms: false, workzone: undefined }}
      onFinish={onFinish}
      disabled={register.isPending}
    >
      {refusal ? <Alert type="error" showIcon role="alert" title={refusal} style={{ marginBottom: 16 }} /> : null}
      <Form.Item label={t('UI_Email')} name="userName" rules={[rule('userName')]} validateTrigger="onBlur">
        <Input prefix={<MailOutlined aria-hidden="true" />} type="email" autoComplete="email" autoFocus />
      </Form.Item>
      <Form.Item label={t('UI_Password')} name="password" rules={[rule('password')]} extra={t('UI_PasswordHint')}>
        <Input.Password prefix={<LockOutlined aria-hidden="true" />} autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        label={t('UI_ConfirmPassword')}
        name="confirmPassword"
        dependencies={['password']}
        rules={[rule('confirmPassword')]}
      >
        <Input.Password prefix={<LockOutlined aria-hidden="true" />} autoComplete="new-password" />
      </Form.Item>
      <Form.Item label={t('UI_WorkZone')} name="workzone" rules={[rule('workzone')]}>
        <Select
          showSearch={{ optionFilterProp: 'label' }}
          placeholder={t('UI_WorkZonePlaceholder')}
          loading={workZones.isLoading}
          options={(workZones.data ?? []).map((z) => ({ value: z.accountnum, label: z.name }))}
        />
      </Form.Item>
      <Form.Item name="terms" valuePropName="checked" rules={[rule('terms')]}>
        <Checkbox>{t('UI_AcceptTerms')}</Checkbox>
      </Form.Item>
      <Button type="primary" htmlType="submit" block size="large" loading={register.isPending}>
        {t('UI_RegisterSubmit')}
      </Button>
    </Form>
  );
}
