import { LIMITS } from '@portal/contract/constants';
import { Result, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { translateMessage } from '@/lib/i18n';
import { AuthCard } from '../components/auth-card';
import { RegisterForm } from '../components/register-form';

/** /register: on success the pending-confirmation message shows, then /login after 3 s. */
export default function RegisterRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [done, setDone] = useState<string | null>(null);

  useEffect(() => {
    if (done === null) return;
    const timer = window.setTimeout(() => navigate('/login'), LIMITS.redirectAfterRegisterMs);
    return () => window.clearTimeout(timer);
  }, [done, navigate]);

  return (
    <AuthCard title={t('UI_RegisterTitle')} width={480}>
      {done !== null ? (
        <Result
          status="success"
          title={translateMessage(done || 'WARN_RegisterPendingConfirmation')}
          subTitle={t('UI_RedirectingToLogin')}
          data-testid="register-done"
        />
      ) : (
        <>
          <RegisterForm onRegistered={(message) => setDone(message)} />
          <Typography.Paragraph style={{ marginTop: 16, marginBottom: 0 }}>
            {t('UI_HaveAccount')} <Link to="/login">{t('UI_SignIn')}</Link>
          </Typography.Paragraph>
        </>
      )}
    </AuthCard>
  );
}
