import { Result, Spin, Typography } from 'antd';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useSite } from '@/lib/web-context';
import { ticketFromHash, useObtainLocalAccessToken } from '../api/external';
import { AuthCard } from '../components/auth-card';
import { externalRefusalText, REFUSAL_STYLES } from '../external-refusal';
import { homePathFor } from '../home-path';

/**
 * /external/signin#ticket=…: the provider vouched for a linked identity; the ticket is exchanged once for the
 * portal's own tokens (ObtainLocalAccessToken) and the home page opens (decision 0036). A refusal says why, as a
 * password sign-in would (a banned user, a blocked client), or that the sign-in began in another browser (0056).
 */
export default function ExternalSignInRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const site = useSite();
  const obtain = useObtainLocalAccessToken();
  const asked = useRef(false);

  useEffect(() => {
    if (asked.current) return;
    asked.current = true;
    const ticket = ticketFromHash(window.location.hash);
    // The ticket leaves the address bar at once: it is used once, and must not stay in the history.
    window.history.replaceState(null, '', window.location.pathname);
    obtain.mutate(ticket, { onSuccess: () => navigate(homePathFor(site.context), { replace: true }) });
  }, [obtain, navigate, site.context]);

  return (
    <AuthCard title={t('UI_LoginTitle')}>
      {obtain.isError ? (
        <Result
          status="warning"
          title={externalRefusalText(obtain.error)}
          data-testid="external-signin-failed"
          styles={REFUSAL_STYLES}
          extra={<Link to="/login">{t('UI_External_BackToLogin')}</Link>}
          style={{ padding: '8px 0' }}
        />
      ) : (
        <div role="status" style={{ display: 'flex', alignItems: 'center', gap: 12, padding: '16px 0' }}>
          <Spin />
          <Typography.Text>{t('UI_External_SigningIn')}</Typography.Text>
        </div>
      )}
    </AuthCard>
  );
}
