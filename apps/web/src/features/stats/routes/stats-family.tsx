import { useTranslation } from 'react-i18next';
import { StatsScreen } from '../components/stats-screen';

/** /stats/family: what was ordered through the portal by family, with the previous period beside (decision 0044). */
export default function StatsFamilyPage() {
  const { t } = useTranslation();
  return <StatsScreen kind="family" title={t('UI_Title_StatsFamily')} />;
}
