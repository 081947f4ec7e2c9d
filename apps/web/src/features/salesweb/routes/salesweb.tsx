import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams } from 'react-router';
import { webOrdersGridQueryOptions } from '../api/get-web-orders-grid';
import { WebOrdersScreen } from '../components/web-orders-screen';

/**
 * /salesweb and /salesweb/:salesid — the caller's web orders (spec part 2 §2 Web orders); also reached as
 * /setting/salesweb/:salesid from the settings area, where selections stay under that path.
 */
export default function SalesWebRoute() {
  const { t } = useTranslation();
  const { salesid } = useParams();
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const base = pathname.startsWith('/setting/') ? '/setting/salesweb' : '/salesweb';
  return (
    <WebOrdersScreen
      control={false}
      query={webOrdersGridQueryOptions}
      selected={salesid}
      onSelect={(id) => navigate(`${base}/${id}${search}`)}
      label={t('UI_Title_SalesWeb')}
    />
  );
}
