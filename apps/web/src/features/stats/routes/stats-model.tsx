import { useTranslation } from 'react-i18next';
import { StatsScreen } from '../components/stats-screen';

/** /stats/model: what was ordered through the portal by model, with the previous period beside (decision 0044). */
export default function StatsModelPage() {
  const { t } = useTranslation();
  return <StatsScreen kind="model" title={t('UI_Title_StatsModel')} />;
}
