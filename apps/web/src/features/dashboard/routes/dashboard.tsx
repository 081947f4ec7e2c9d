import { Card, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { SafeHtml } from '@/components/safe-html';
import { useLanguage } from '@/lib/language';
import { useWelcomeDashboard } from '../api/get-welcome-dashboard';

/** /dashboard: the welcome message of the current language. */
export default function DashboardRoute() {
  const { t } = useTranslation();
  const lang = useLanguage();
  const welcome = useWelcomeDashboard(lang);
  return (
    <Card title={t('UI_WelcomeTitle')} variant="borderless">
      {welcome.isPending ? (
        <Skeleton active paragraph={{ rows: 4 }} />
      ) : welcome.data?.html ? (
        <SafeHtml html={welcome.data.html} className="welcome-html" style={{ lineHeight: 1.6 }} />
      ) : (
        <p style={{ color: '#667085' }}>{t('UI_WelcomeEmpty')}</p>
      )}
    </Card>
  );
}
