import { Button, Result, Spin, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { translateMessage } from '@/lib/i18n';
import { usePasswordLink } from '../api/post-password-link';
import { AuthCard } from '../components/auth-card';
import { SetPasswordForm } from '../components/set-password-form';

/** /set-password/:token: the page of a one-time link (welcome or reset; decision 0034). */
export default function SetPasswordRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { token = '' } = useParams();
  const link = usePasswordLink(token);
  const [done, setDone] = useState<string | null>(null);

  let body: ReactNode;
  if (done !== null) {
    body = (
      <Result
        status="success"
        title={translateMessage('WARN_PasswordSetOk')}
        data-testid="set-password-done"
        extra={
          <Button type="primary" onClick={() => navigate('/login')}>
            {t('UI_SignIn')}
          </Button>
        }
        style={{ padding: '8px 0' }}
      />
    );
  } else if (link.isError) {
    body = (
      <Result
        status="warning"
        title={translateMessage('WARN_PasswordLinkInvalid')}
        data-testid="set-password-invalid"
        extra={<Link to="/forgot-password">{t('UI_Access_AskNewLink')}</Link>}
        style={{ padding: '8px 0' }}
      />
    );
  } else if (!link.data) {
    body = (
      <div role="status" style={{ display: 'flex', alignItems: 'center', gap: 12, padding: '16px 0' }}>
        <Spin />
        <Typography.Text>{t('UI_Access_Checking')}</Typography.Text>
      </div>
    );
  } else {
    const heading = link.data.purpose === 'welcome' ? 'UI_Access_WelcomeHeading' : 'UI_Access_ResetHeading';
    body = (
      <>
        <Typography.Paragraph strong>{t(heading, { user: link.data.userName })}</Typography.Paragraph>
        <SetPasswordForm token={token} onDone={setDone} />
      </>
    );
  }
  return <AuthCard title={t('UI_Access_SetPasswordTitle')}>{body}</AuthCard>;
}
