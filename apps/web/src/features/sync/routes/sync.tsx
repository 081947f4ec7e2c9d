import { SyncScreen } from '../components/sync-screen';

/** /setting/sync (admins): ERP synchronisation (decisions 0045, 0046). */
export default function SyncPage() {
  return <SyncScreen />;
}
