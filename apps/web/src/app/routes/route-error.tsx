import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError } from 'react-router';

/** A screen that failed to load or render (e.g. its code changed after a deployment: reload fixes it). */
export function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <Result
      status={notFound ? '404' : '500'}
      title={notFound ? t('UI_NotFoundTitle') : t('UI_ErrorTitle')}
      subTitle={notFound ? t('UI_NotFoundText') : t('UI_ErrorText')}
      extra={
        <Button type="primary" onClick={() => window.location.assign('/')}>
          {t('UI_Reload')}
        </Button>
      }
    />
  );
}
