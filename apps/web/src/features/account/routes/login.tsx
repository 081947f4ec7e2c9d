import { EXTERNAL_FAILURE_MESSAGES, EXTERNAL_FAILURES, type ExternalFailure } from '@portal/contract/account';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { translateMessage } from '@/lib/i18n';
import { changeLanguage } from '@/lib/language';
import { useSite } from '@/lib/web-context';
import { EXTERNAL_START_URL, useExternalProvider } from '../api/external';
import { type Credentials, useSignInMutation } from '../api/post-token';
import { AuthCard } from '../components/auth-card';
import { DemoAccounts } from '../components/demo-accounts';
import { LoginForm } from '../components/login-form';
import { homePathFor } from '../home-path';
import { RETURN_PARAM, safeReturnPath } from '../return-path';

/**
 * /login (query `id` prefills the user name; `idrechange` switches to French; `redirect`, a path of this site,
 * is the page opened after signing in instead of the home page).
 */
export default function LoginRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const site = useSite();
  const signIn = useSignInMutation();
  const [credentials, setCredentials] = useState<Credentials>({ username: params.get('id') ?? '', password: '' });
  const switchToFrench = params.has('idrechange');
  const external = useExternalProvider();
  const failure = params.get('external');
  const externalFailure = (EXTERNAL_FAILURES as readonly string[]).includes(failure ?? '')
    ? (failure as ExternalFailure)
    : null;

  useEffect(() => {
    if (switchToFrench) void changeLanguage('fr');
  }, [switchToFrench]);

  const onSubmit = (values: Credentials) => {
    const target = safeReturnPath(params.get(RETURN_PARAM)) ?? homePathFor(site.context);
    signIn.mutate(values, {
      onSuccess: () => navigate(target, { replace: true }),
      // A refused sign-in leaves no password in the field: the next attempt types it again.
      onError: () => setCredentials((c) => ({ ...c, password: '' })),
    });
  };

  return (
    <AuthCard title={t('UI_LoginTitle')}>
      {externalFailure && !signIn.error ? (
        <div className="auth-alert" role="alert" data-testid="external-failure">
          {translateMessage(EXTERNAL_FAILURE_MESSAGES[externalFailure])}
        </div>
      ) : null}
      <LoginForm
        value={credentials}
        onChange={setCredentials}
        pending={signIn.isPending}
        error={signIn.error}
        submitLabel={t('UI_SignIn')}
        onSubmit={onSubmit}
      />
      {external.data?.enabled ? (
        <>
          <p className="auth-or">{t('UI_External_Or')}</p>
          {/* A full page load: the provider's own page follows. */}
          <a className="auth-external" href={EXTERNAL_START_URL} data-testid="external-signin">
            {t('UI_External_SignInWith', { name: external.data.name })}
          </a>
        </>
      ) : null}
      <p style={{ margin: '16px 0 4px' }}>
        <Link to="/forgot-password">{t('UI_ForgotPassword')}</Link>
      </p>
      <p style={{ margin: 0 }}>
        {t('UI_NoAccountYet')} <Link to="/register">{t('UI_RegisterLink')}</Link>
      </p>
      <DemoAccounts show={site.demo ?? true} onPick={(username, password) => setCredentials({ username, password })} />
    </AuthCard>
  );
}
