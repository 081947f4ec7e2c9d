import { LockOutlined, UserOutlined } from '@ant-design/icons';
import type { FormInstance } from 'antd';
import { Alert, Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/lib/api-error';
import { i18n, translateMessage } from '@/lib/i18n';
import type { Credentials } from '../api/post-token';

type LoginFormProps = {
  form: FormInstance<Credentials>;
  initialUserName?: string;
  /** Show the user name field (the lock screen knows it already). */
  askUserName?: boolean;
  pending: boolean;
  error: unknown;
  submitLabel: string;
  onSubmit: (values: Credentials) => void;
};

/**
 * The server's refusal text, exactly as sent (error_description), else its message, else a generic text; a
 * throttled attempt (429 with Retry-After) says how long to wait in the reader's language.
 */
function errorText(error: unknown, fallback: string): string {
  if (!isApiError(error)) return fallback;
  if (error.status === 429 && error.retryAfterSeconds !== null) {
    return i18n.t('UI_Login_Throttled', { count: error.retryAfterSeconds });
  }
  return error.body?.error_description ?? (error.body?.message ? translateMessage(error.body.message) : fallback);
}

/** User name and password; Enter submits. */
export function LoginForm(props: LoginFormProps) {
  const { form, initialUserName, askUserName = true, pending, error, submitLabel, onSubmit } = props;
  const { t } = useTranslation();
  return (
    <Form<Credentials>
      form={form}
      layout="vertical"
      requiredMark={false}
      initialValues={{ username: initialUserName ?? '', password: '' }}
      onFinish={onSubmit}
      disabled={pending}
    >
      {error ? (
        <Alert
          type="error"
          showIcon
          role="alert"
          data-testid="login-error"
          title={errorText(error, t('UI_LoginFailed'))}
          style={{ marginBottom: 16 }}
        />
      ) : null}
      <Form.Item
        label={t('UI_UserName')}
        name="username"
        hidden={!askUserName}
        rules={[{ required: true, whitespace: true, message: t('UI_UserNameRequired') }]}
      >
        <Input prefix={<UserOutlined aria-hidden="true" />} autoComplete="username" autoFocus={askUserName} />
      </Form.Item>
      <Form.Item
        label={t('UI_Password')}
        name="password"
        rules={[{ required: true, message: t('UI_PasswordRequired') }]}
      >
        <Input.Password
          prefix={<LockOutlined aria-hidden="true" />}
          autoComplete="current-password"
          autoFocus={!askUserName}
        />
      </Form.Item>
      <Button type="primary" htmlType="submit" block size="large" loading={pending}>
        {submitLabel}
      </Button>
    </Form>
  );
}
