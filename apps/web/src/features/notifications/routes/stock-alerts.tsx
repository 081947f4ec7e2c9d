import { StockAlertsScreen } from '../components/stock-alerts-screen';

/** /stock-alerts: my "back in stock" alerts (issue 26; decision 0075). */
export default function StockAlertsPage() {
  return <StockAlertsScreen />;
}
