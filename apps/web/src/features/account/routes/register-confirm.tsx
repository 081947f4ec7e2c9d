import { LIMITS } from '@portal/contract/constants';
import { Result, Spin, Typography } from 'antd';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { translateMessage } from '@/lib/i18n';
import { useRegisterConfirmMutation } from '../api/post-register-confirm';
import { AuthCard } from '../components/auth-card';

/** /registerconfirm/:tcode/:ucode: confirming, then success and /login after 3 s. A failure stays quiet. */
export default function RegisterConfirmRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { tcode = '', ucode = '' } = useParams();
  const confirm = useRegisterConfirmMutation();
  const sent = useRef(false);
  const { mutate } = confirm;

  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    mutate({ t: tcode, u: ucode });
  }, [mutate, tcode, ucode]);

  useEffect(() => {
    if (!confirm.isSuccess) return;
    const timer = window.setTimeout(() => navigate('/login'), LIMITS.redirectAfterConfirmMs);
    return () => window.clearTimeout(timer);
  }, [confirm.isSuccess, navigate]);

  return (
    <AuthCard title={t('UI_RegisterConfirmTitle')}>
      {confirm.isSuccess ? (
        <Result
          status="success"
          title={translateMessage(confirm.data?.message || 'WARN_RegisterConfirmOk')}
          subTitle={t('UI_RedirectingToLogin')}
          data-testid="confirm-done"
        />
      ) : confirm.isError ? (
        <Typography.Paragraph type="secondary" data-testid="confirm-failed">
          {t('UI_RegisterConfirmNotDone')} <Link to="/login">{t('UI_BackToLogin')}</Link>
        </Typography.Paragraph>
      ) : (
        <div role="status" style={{ display: 'flex', alignItems: 'center', gap: 12, padding: '16px 0' }}>
          <Spin />
          <Typography.Text>{t('UI_RegisterConfirming')}</Typography.Text>
        </div>
      )}
    </AuthCard>
  );
}
