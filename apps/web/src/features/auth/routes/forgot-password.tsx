import { ShopOutlined } from '@ant-design/icons';
import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { AuthCard } from '../components/auth-card';

/** /forgot-password: passwords are reset by the store or the administrator. */
export default function ForgotPasswordRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <AuthCard title={t('UI_ForgotPasswordTitle')}>
      <Result
        icon={<ShopOutlined />}
        title={t('UI_ForgotPasswordHeading')}
        subTitle={t('UI_ForgotPasswordText')}
        extra={
          <Button type="primary" onClick={() => navigate('/login')}>
            {t('UI_BackToLogin')}
          </Button>
        }
        style={{ padding: '8px 0' }}
      />
    </AuthCard>
  );
}
