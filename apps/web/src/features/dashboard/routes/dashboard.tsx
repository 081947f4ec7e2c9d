import { SettingOutlined } from '@ant-design/icons';
import { Button, Card, Empty, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { SafeHtml } from '@/components/safe-html';
import { useLanguage } from '@/lib/language';
import { useDashboardContent } from '../api/get-dashboard-content';
import { useDashboardSummary } from '../api/get-dashboard-summary';
import { useWelcomeDashboard } from '../api/get-welcome-dashboard';
import { DashboardNews } from '../components/dashboard-news';
import { DashboardSummaryBlocks } from '../components/dashboard-summary';
import '../components/dashboard.css';
import { useDashboardWidgets } from '../widgets';

/**
 * /dashboard: the welcome message of the current language, the dashboard zone's menus, the latest news and the
 * upcoming events, and the caller's documents at a glance (issue 25): three calls in all (the welcome,
 * GET /api/inpost/dashboard and GET /api/inclient/dashboardsummary). Each widget shows unless this browser hid it on
 * /widgets.
 */
export default function DashboardRoute() {
  const { t } = useTranslation();
  const lang = useLanguage();
  const navigate = useNavigate();
  const welcome = useWelcomeDashboard(lang);
  const content = useDashboardContent(lang);
  const menus = content.data?.menus ?? [];
  const { shown } = useDashboardWidgets();
  const summary = useDashboardSummary(shown.summary);
  return (
    <div className="dashboard-screen">
      <Link to="/widgets" className="dashboard-customize" data-testid="dashboard-customize">
        <SettingOutlined aria-hidden /> {t('UI_Dashboard_Customize')}
      </Link>
      {!shown.welcome && !shown.summary && !shown.news && !shown.events ? (
        <Card variant="borderless">
          <Empty description={t('UI_Dashboard_AllHidden')} />
        </Card>
      ) : null}
      {shown.welcome ? (
        <Card title={t('UI_WelcomeTitle')} variant="borderless" data-testid="dashboard-welcome">
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
      ) : null}
      {shown.summary ? <DashboardSummaryBlocks data={summary.data} loading={summary.isPending} /> : null}
      <DashboardNews
        news={content.data?.news}
        events={content.data?.events}
        loading={content.isPending}
        showNews={shown.news}
        showEvents={shown.events}
      />
    </div>
  );
}
