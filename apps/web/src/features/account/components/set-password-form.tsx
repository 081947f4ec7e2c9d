import { LockOutlined } from '@ant-design/icons';
import { type SetPasswordRequest, setPasswordRequest } from '@portal/contract/account';
import { Alert, Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/lib/api-error';
import { translateMessage } from '@/lib/i18n';
import { applyServerIssues, zodFieldRule } from '@/lib/zod-form';
import { useSetPasswordMutation } from '../api/post-password-link';
import '../account.css';

const FIELDS = ['password', 'confirmPassword'] as const;
type Values = { password: string; confirmPassword: string };

/** The new password, twice; the contract's `setPasswordRequest` checks it here and again on the server. */
export function SetPasswordForm({ token, onDone }: { token: string; onDone: (userName: string) => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const save = useSetPasswordMutation();
  const prepare = (values: Record<string, unknown>) => ({ ...values, token });
  const rule = (field: (typeof FIELDS)[number]) => zodFieldRule(setPasswordRequest, field, prepare);

  const onFinish = (values: Values) => {
    const parsed = setPasswordRequest.safeParse({ ...values, token });
    if (!parsed.success) return;
    save.mutate(parsed.data satisfies SetPasswordRequest, {
      onSuccess: (reply) => onDone(reply.userName),
      onError: (error) => {
        if (isApiError(error)) applyServerIssues(form, error.issues, FIELDS);
      },
    });
  };
  const error = save.error;
  const refusal = isApiError(error) && error.status > 0 ? translateMessage(error.body?.message) : null;

  return (
    <Form<Values>
      form={form}
      layout="vertical"
      requiredMark={false}
      initialValues={{ password: '', confirmPassword: '' }}
      onFinish={onFinish}
      disabled={save.isPending}
    >
      {refusal ? <Alert type="error" showIcon role="alert" title={refusal} style={{ marginBottom: 16 }} /> : null}
      <Form.Item
        label={t('UI_Access_NewPassword')}
        name="password"
        rules={[rule('password')]}
        extra={t('UI_PasswordHint')}
      >
        <Input.Password prefix={<LockOutlined aria-hidden="true" />} autoComplete="new-password" autoFocus />
      </Form.Item>
      <Form.Item
        label={t('UI_Access_ConfirmPassword')}
        name="confirmPassword"
        dependencies={['password']}
        rules={[rule('confirmPassword')]}
      >
        <Input.Password prefix={<LockOutlined aria-hidden="true" />} autoComplete="new-password" />
      </Form.Item>
      <Button type="primary" htmlType="submit" block size="large" loading={save.isPending}>
        {t('UI_Access_SavePassword')}
      </Button>
    </Form>
  );
}
