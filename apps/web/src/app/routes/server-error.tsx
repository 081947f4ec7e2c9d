import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

/** /500 of the admin template. */
export default function ServerErrorRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Result
      status="500"
      title="500"
      subTitle={t('UI_ErrorText')}
      extra={
        <Button type="primary" onClick={() => navigate('/')}>
          {t('UI_GoHome')}
        </Button>
      }
    />
  );
}
