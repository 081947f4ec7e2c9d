import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError } from 'react-router';

/**
 * A screen that failed to load or render (e.g. its code changed after a deployment: reload fixes it).
 * Plain elements: this is part of the entry chunk, which /login loads.
 */
export function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <main role="alert" style={{ maxWidth: 520, margin: '80px auto', padding: 24, textAlign: 'center' }}>
      <h1 style={{ fontSize: 24, margin: '0 0 8px' }}>{notFound ? t('UI_NotFoundTitle') : t('UI_ErrorTitle')}</h1>
      <p style={{ color: '#475467' }}>{notFound ? t('UI_NotFoundText') : t('UI_ErrorText')}</p>
      <button
        type="button"
        onClick={() => window.location.assign('/')}
        style={{
          marginTop: 12,
          padding: '8px 16px',
          borderRadius: 6,
          border: 'none',
          background: 'var(--brand-primary, #1f5fa8)',
          color: '#fff',
          cursor: 'pointer',
        }}
      >
        {t('UI_Reload')}
      </button>
    </main>
  );
}
