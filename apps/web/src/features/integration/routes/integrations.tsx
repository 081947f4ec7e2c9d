import { IntegrationScreen } from '../components/integration-screen';
import '../integration.css';

/** /setting/integrations (admins): the integration API's machine clients and their webhooks (decision 0058). */
export default function IntegrationsPage() {
  return <IntegrationScreen />;
}
