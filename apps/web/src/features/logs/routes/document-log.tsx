import { DOCUMENT_LOG_GRID } from '@portal/contract/documents';
import { useTranslation } from 'react-i18next';
import { documentLogsGridQueryOptions } from '../api/get-document-logs-grid';
import { useDocumentLogColumns } from '../components/log-columns';
import { LogScreen } from '../components/log-screen';

/** /setting/logdocument: the document download log (admins; part 2 §2), newest first. */
export default function DocumentLogRoute() {
  const { t } = useTranslation();
  const columns = useDocumentLogColumns();
  return (
    <LogScreen
      kind="logdocument"
      definition={DOCUMENT_LOG_GRID}
      columns={columns}
      query={documentLogsGridQueryOptions}
      rowKey={(row) => String(row.Id)}
      label={t('UI_Title_DocumentLog')}
    />
  );
}
