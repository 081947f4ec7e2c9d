import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

/** /404 of the admin template. */
export default function NotFoundRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Result
      status="404"
      title="404"
      subTitle={t('UI_NotFoundText')}
      extra={
        <Button type="primary" onClick={() => navigate('/')}>
          {t('UI_GoHome')}
        </Button>
      }
    />
  );
}
