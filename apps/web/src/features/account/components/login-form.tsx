import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/lib/api-error';
import { i18n, translateMessage } from '@/lib/i18n';
import type { Credentials } from '../api/post-token';
import { EyeIcon, EyeOffIcon } from './auth-icons';
import '../account.css';

type LoginFormProps = {
  value: Credentials;
  onChange: (value: Credentials) => void;
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

type Missing = { username?: string; password?: string };

/**
 * User name and password; Enter submits. Plain form elements (no component library): the login page is the
 * first page of most visits and loads only what it shows (docs/decisions/0023).
 */
export function LoginForm(props: LoginFormProps) {
  const { value, onChange, askUserName = true, pending, error, submitLabel, onSubmit } = props;
  const { t } = useTranslation();
  const id = useId();
  const [missing, setMissing] = useState<Missing>({});
  const [shown, setShown] = useState(false);
  const userRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const ids = { username: `${id}-username`, password: `${id}-password` };

  const submit = (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const next: Missing = {};
    if (askUserName && !value.username.trim()) next.username = t('UI_UserNameRequired');
    if (!value.password) next.password = t('UI_PasswordRequired');
    setMissing(next);
    if (next.username) userRef.current?.focus();
    else if (next.password) passwordRef.current?.focus();
    else onSubmit(value);
  };

  const edit = (field: keyof Credentials, text: string) => {
    onChange({ ...value, [field]: text });
    if (missing[field]) setMissing({ ...missing, [field]: undefined });
  };

  const described = (field: keyof Missing) =>
    missing[field] ? { 'aria-invalid': true as const, 'aria-describedby': `${ids[field]}-error` } : {};

  return (
    <form className="auth-form" noValidate onSubmit={submit}>
      <fieldset disabled={pending}>
        {error ? (
          <div className="auth-alert" role="alert" data-testid="login-error">
            {errorText(error, t('UI_LoginFailed'))}
          </div>
        ) : null}
        <div className="auth-field" hidden={!askUserName}>
          <label htmlFor={ids.username}>{t('UI_UserName')}</label>
          <input
            ref={userRef}
            id={ids.username}
            name="username"
            className="auth-input"
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            // biome-ignore lint/a11y/noAutofocus: the sign-in form is the page's only task.
            autoFocus={askUserName}
            value={value.username}
            onChange={(e) => edit('username', e.target.value)}
            {...described('username')}
          />
          {missing.username ? (
            <p className="auth-field-error" id={`${ids.username}-error`}>
              {missing.username}
            </p>
          ) : null}
        </div>
        <div className="auth-field">
          <label htmlFor={ids.password}>{t('UI_Password')}</label>
          <span className="auth-password">
            <input
              ref={passwordRef}
              id={ids.password}
              name="password"
              className="auth-input"
              type={shown ? 'text' : 'password'}
              autoComplete="current-password"
              // biome-ignore lint/a11y/noAutofocus: on the lock screen the password is the only field.
              autoFocus={!askUserName}
              value={value.password}
              onChange={(e) => edit('password', e.target.value)}
              {...described('password')}
            />
            <button
              type="button"
              className="auth-eye"
              aria-label={t(shown ? 'UI_Login_HidePassword' : 'UI_Login_ShowPassword')}
              aria-pressed={shown}
              aria-controls={ids.password}
              onClick={() => setShown(!shown)}
            >
              {shown ? <EyeOffIcon /> : <EyeIcon />}
            </button>
          </span>
          {missing.password ? (
            <p className="auth-field-error" id={`${ids.password}-error`}>
              {missing.password}
            </p>
          ) : null}
        </div>
        <button type="submit" className="auth-submit" aria-busy={pending}>
          {pending ? <span className="auth-spinner" aria-hidden="true" /> : null}
          {submitLabel}
        </button>
      </fieldset>
    </form>
  );
}
