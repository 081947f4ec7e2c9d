import { Button, Card, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { SafeHtml } from '@/components/safe-html';
import { useLanguage } from '@/lib/language';
import { useDashboardContent } from '../api/get-dashboard-content';
import { useWelcomeDashboard } from '../api/get-welcome-dashboard';
import { DashboardNews } from '../components/dashboard-news';
import '../components/dashboard.css';

/**
 * /dashboard: the welcome message of the current language, the dashboard zone's menus, the latest news and the
 * upcoming events: two calls in all (the welcome, and GET /api/inpost/dashboard).
 */
export default function DashboardRoute() {
  const { t } = useTranslation();
  const lang = useLanguage();
  const navigate = useNavigate();
  const welcome = useWelcomeDashboard(lang);
  const content = useDashboardContent(lang);
  const menus = content.data?.menus ?? [];
  return (
    <div className="dashboard-screen">
      <Card title={t('UI_WelcomeTitle')} variant="borderless">
        {welcome.isPending ? (
          <Skeleton active paragraph={{ rows: 4 }} />
        ) : welcome.data?.html ? (
          <SafeHtml html={welcome.data.html} className="welcome-html" style={{ lineHeight: 1.6 }} />
        ) : (
          <p style={{ color: '#667085' }}>{t('UI_WelcomeEmpty')}</p>
        )}
        {menus.length > 0 ? (
          <nav className="dashboard-menus" aria-label={t('UI_Title_Dashboard')} data-testid="dashboard-menus">
            {menus.map((m) =>
              m.href ? (
                <Button key={m.id} onClick={() => navigate(m.href!)}>
                  {m.title}
                </Button>
              ) : null,
            )}
          </nav>
        ) : null}
      </Card>
      <DashboardNews news={content.data?.news} events={content.data?.events} loading={content.isPending} />
    </div>
  );
}
