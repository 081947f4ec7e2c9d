import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { registerExternalRequest } from '@portal/contract/account';
import { Alert, Button, Form, Input, Result, Spin, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { isApiError } from '@/lib/api-error';
import { translateMessage } from '@/lib/i18n';
import { zodFieldRule } from '@/lib/zod-form';
import { ticketFromHash, useExternalLinkInfo, useRegisterExternal } from '../api/external';
import { AuthCard } from '../components/auth-card';
import { externalRefusalText, REFUSAL_STYLES } from '../external-refusal';
import '../account.css';

type Values = { userName: string; password: string };
/** Spec part 1 §9: after an external registration the orders page opens 2 s later. */
const REDIRECT_MS = 2000;

/**
 * /external/link#ticket=…: an identity the provider vouched for that no portal user has yet. The person proves a
 * portal account once with its user name and password (registerexternal); then it is linked and they are signed in
 * (decision 0036). Never linked by e-mail alone. Only in the browser that started the sign-in (0056): elsewhere the
 * page says so and asks for no password.
 */
export default function ExternalLinkRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [ticket] = useState(() => ticketFromHash(window.location.hash));
  const info = useExternalLinkInfo(ticket);
  const link = useRegisterExternal();
  const [form] = Form.useForm<Values>();
  const rule = (field: 'userName' | 'password') =>
    zodFieldRule(registerExternalRequest, field, (v) => ({ ...v, ticket }));

  useEffect(() => {
    if (!link.isSuccess) return;
    const timer = window.setTimeout(() => navigate('/sales', { replace: true }), REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [link.isSuccess, navigate]);

  let body: React.ReactNode;
  if (link.isSuccess) {
    body = (
      <Result
        status="success"
        title={translateMessage('WARN_ExternalLinked')}
        data-testid="external-linked"
        style={{ padding: '8px 0' }}
      />
    );
  } else if (ticket === '' || info.isError) {
    body = (
      <Result
        status="warning"
        title={ticket === '' ? translateMessage('WARN_ExternalExpired') : externalRefusalText(info.error)}
        data-testid="external-link-invalid"
        styles={REFUSAL_STYLES}
        extra={<Link to="/login">{t('UI_External_BackToLogin')}</Link>}
        style={{ padding: '8px 0' }}
      />
    );
  } else if (!info.data) {
    body = (
      <div role="status" style={{ display: 'flex', alignItems: 'center', gap: 12, padding: '16px 0' }}>
        <Spin />
      </div>
    );
  } else {
    const error = link.error;
    const refusal = isApiError(error)
      ? (error.body?.error_description && translateMessage(error.body.error_description)) || error.message
      : null;
    body = (
      <>
        <Typography.Paragraph data-testid="external-link-intro">
          {info.data.display
            ? t('UI_External_LinkIntro', { provider: info.data.provider, display: info.data.display })
            : t('UI_External_LinkIntroUnnamed', { provider: info.data.provider })}
        </Typography.Paragraph>
        <Form<Values>
          form={form}
          layout="vertical"
          requiredMark={false}
          initialValues={{ userName: '', password: '' }}
          onFinish={(values) =>
            link.mutate({ ...values, ticket }, { onError: () => form.setFieldValue('password', '') })
          }
          disabled={link.isPending}
        >
          {refusal ? <Alert type="error" showIcon role="alert" title={refusal} style={{ marginBottom: 16 }} /> : null}
          <Form.Item label={t('UI_UserName')} name="userName" rules={[rule('userName')]}>
            <Input prefix={<UserOutlined aria-hidden="true" />} autoComplete="username" autoFocus />
          </Form.Item>
          <Form.Item label={t('UI_Password')} name="password" rules={[rule('password')]}>
            <Input.Password prefix={<LockOutlined aria-hidden="true" />} autoComplete="current-password" />
          </Form.Item>
          <Button type="primary" htmlType="submit" block size="large" loading={link.isPending}>
            {t('UI_External_LinkSubmit')}
          </Button>
        </Form>
      </>
    );
  }
  return <AuthCard title={t('UI_External_LinkTitle')}>{body}</AuthCard>;
}
