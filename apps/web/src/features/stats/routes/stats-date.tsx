import { useTranslation } from 'react-i18next';
import { StatsScreen } from '../components/stats-screen';

/** /stats/date: what was ordered through the portal by date, with the previous period beside (decision 0044). */
export default function StatsDatePage() {
  const { t } = useTranslation();
  return <StatsScreen kind="date" title={t('UI_Title_StatsDate')} />;
}
