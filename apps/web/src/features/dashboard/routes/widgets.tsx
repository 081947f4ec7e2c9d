import { AppstoreOutlined, UndoOutlined } from '@ant-design/icons';
import { Button, Card, message, Popconfirm, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DASHBOARD_WIDGETS, useDashboardWidgets } from '../widgets';
import '../components/dashboard.css';

/**
 * /widgets: which of the dashboard's widgets this browser shows (welcome, news, events), and "Restablecer", which
 * clears that choice from the browser after a confirmation (spec part 2 §9; decision 0050).
 */
export default function WidgetsRoute() {
  const { t } = useTranslation();
  const { shown, show, reset } = useDashboardWidgets();
  const [notify, holder] = message.useMessage({ top: 64 });
  return (
    <Card
      variant="borderless"
      title={
        <span className="widgets-title">
          <AppstoreOutlined aria-hidden /> {t('UI_Title_Widgets')}
        </span>
      }
      extra={<Link to="/dashboard">{t('UI_Widgets_Back')}</Link>}
    >
      {holder}
      <p className="widgets-intro">{t('UI_Widgets_Intro')}</p>
      <ul className="widgets-list" data-testid="widgets-list">
        {DASHBOARD_WIDGETS.map((widget) => (
          <li key={widget} className="widgets-list__item">
            <label htmlFor={`widget-${widget}`} className="widgets-list__label">
              {t(`UI_Widgets_${widget}`)}
            </label>
            <Switch id={`widget-${widget}`} checked={shown[widget]} onChange={(on) => show(widget, on)} />
          </li>
        ))}
      </ul>
      <Popconfirm
        title={t('MSG_ConfirmResetWidgets')}
        okText={t('UI_Widgets_Reset')}
        cancelText={t('UI_Content_Cancel')}
        onConfirm={() => {
          reset();
          void notify.success(t('UI_Widgets_ResetDone'));
        }}
      >
        <Button icon={<UndoOutlined />} data-testid="widgets-reset">
          {t('UI_Widgets_Reset')}
        </Button>
      </Popconfirm>
    </Card>
  );
}
