import { UserOutlined } from '@ant-design/icons';
import { type ForgotPasswordRequest, forgotPasswordRequest } from '@portal/contract/account';
import { Alert, Button, Form, Input, Result, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isApiError } from '@/lib/api-error';
import { translateMessage } from '@/lib/i18n';
import { zodFieldRule } from '@/lib/zod-form';
import { useForgotPasswordMutation } from '../api/post-forgot-password';
import { AuthCard } from '../components/auth-card';
import '../account.css';

const rule = zodFieldRule(forgotPasswordRequest, 'userName');

/** /forgot-password: a one-time link by e-mail; the answer is the same whether the name exists or not (0034). */
export default function ForgotPasswordRoute() {
  const { t } = useTranslation();
  const [form] = Form.useForm<ForgotPasswordRequest>();
  const forgot = useForgotPasswordMutation();

  const onFinish = (values: ForgotPasswordRequest) => {
    const parsed = forgotPasswordRequest.safeParse(values);
    if (parsed.success) forgot.mutate(parsed.data);
  };
  const error = forgot.error;
  const refusal = isApiError(error) && error.status > 0 ? translateMessage(error.body?.message) : null;

  return (
    <AuthCard title={t('UI_ForgotPasswordTitle')}>
      {forgot.isSuccess ? (
        <Result
          status="success"
          title={translateMessage(forgot.data.message)}
          data-testid="forgot-done"
          extra={<Link to="/login">{t('UI_BackToLogin')}</Link>}
          style={{ padding: '8px 0' }}
        />
      ) : (
        <Form<ForgotPasswordRequest>
          form={form}
          layout="vertical"
          requiredMark={false}
          initialValues={{ userName: '' }}
          onFinish={onFinish}
          disabled={forgot.isPending}
        >
          <Typography.Paragraph>{t('UI_Access_ForgotText')}</Typography.Paragraph>
          {refusal ? <Alert type="error" showIcon role="alert" title={refusal} style={{ marginBottom: 16 }} /> : null}
          <Form.Item label={t('UI_UserName')} name="userName" rules={[rule]}>
            <Input prefix={<UserOutlined aria-hidden="true" />} autoComplete="username" autoFocus />
          </Form.Item>
          <Button type="primary" htmlType="submit" block size="large" loading={forgot.isPending}>
            {t('UI_Access_SendLink')}
          </Button>
          <Typography.Paragraph style={{ marginTop: 16, marginBottom: 0 }}>
            <Link to="/login">{t('UI_BackToLogin')}</Link>
          </Typography.Paragraph>
        </Form>
      )}
    </AuthCard>
  );
}
