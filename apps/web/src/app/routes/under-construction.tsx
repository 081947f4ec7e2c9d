import { ToolOutlined } from '@ant-design/icons';
import { Button, Card, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useRouteTitleKey } from '../route-handle';

/** The shared page of the screens that later issues build. */
export default function UnderConstructionRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const titleKey = useRouteTitleKey();
  return (
    <Card variant="borderless">
      <Result
        icon={<ToolOutlined style={{ color: 'var(--brand-primary)' }} />}
        title={t('UI_UnderConstruction')}
        subTitle={titleKey ? `${t(titleKey)}: ${t('UI_UnderConstructionText')}` : t('UI_UnderConstructionText')}
        extra={
          <Button type="primary" onClick={() => navigate('/dashboard')}>
            {t('UI_GoHome')}
          </Button>
        }
        data-testid="under-construction"
      />
    </Card>
  );
}
