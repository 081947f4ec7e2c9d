import { CheckCircleFilled, FileExcelOutlined, FilePdfOutlined, LoadingOutlined } from '@ant-design/icons';
import { displayDocumentId } from '@portal/contract/sales';
import { Alert, Button, Modal, Space } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadReport, isDownloadLimit, type ReportFormat, type ReportKind } from '@/lib/documents/report-download';

/** The report dialog closes this long after the file is saved (spec part 2 §4); its width is 600 (§9). */
const CLOSE_AFTER_MS = 1000;
const DIALOG_WIDTH = 600;

type Phase = { step: 'idle' } | { step: 'working' } | { step: 'done'; name: string } | { step: 'limit' };

type Props = { kind: ReportKind; id: string; format: ReportFormat };

/**
 * The Excel or PDF link of a document row: asks the server for the document's URL, downloads it with the
 * bearer token and saves it. While it works the link is disabled and a dialog says so; the dialog closes
 * 1 s after the download. The daily limit (NoMoreDownDocs) stays in the dialog until it is closed.
 */
export function ReportLink({ kind, id, format }: Props) {
  const { t } = useTranslation();
  const [phase, setPhase] = useState<Phase>({ step: 'idle' });
  const shown = displayDocumentId(id);
  const formatName = format === 'pdf' ? 'PDF' : 'Excel';

  useEffect(() => {
    if (phase.step !== 'done') return;
    const timer = setTimeout(() => setPhase({ step: 'idle' }), CLOSE_AFTER_MS);
    return () => clearTimeout(timer);
  }, [phase]);

  const start = async () => {
    setPhase({ step: 'working' });
    try {
      const name = await downloadReport(kind, id, format);
      setPhase({ step: 'done', name });
    } catch (error) {
      setPhase(isDownloadLimit(error) ? { step: 'limit' } : { step: 'idle' });
    }
  };

  const busy = phase.step === 'working' || phase.step === 'done';
  return (
    <>
      <Button
        type="link"
        size="small"
        className="doc-cell-button"
        icon={format === 'pdf' ? <FilePdfOutlined /> : <FileExcelOutlined />}
        disabled={busy}
        aria-label={t('UI_Grid_FileOf', { format: formatName, document: shown })}
        data-testid={`report-${format}`}
        onClick={(e) => {
          e.stopPropagation();
          if (!busy) void start();
        }}
        onKeyDown={(e) => e.stopPropagation()}
      >
        {formatName}
      </Button>
      <Modal
        open={phase.step !== 'idle'}
        title={t('UI_Docs_DialogTitle')}
        width={DIALOG_WIDTH}
        footer={null}
        closable={phase.step === 'limit'}
        mask={{ closable: phase.step === 'limit' }}
        keyboard={phase.step === 'limit'}
        onCancel={() => setPhase({ step: 'idle' })}
        destroyOnHidden
      >
        <div data-testid="report-dialog" role="status" aria-live="polite">
          {phase.step === 'working' ? (
            <p>
              <LoadingOutlined style={{ marginInlineEnd: 8 }} />
              {t('UI_Docs_Preparing', { format: formatName, document: shown })}
            </p>
          ) : null}
          {phase.step === 'done' ? (
            <p>
              <CheckCircleFilled style={{ color: '#12b76a', marginInlineEnd: 8 }} />
              {t('UI_Docs_Downloaded', { name: phase.name })}
            </p>
          ) : null}
          {phase.step === 'limit' ? <Alert type="error" showIcon role="alert" title={t('NoMoreDownDocs')} /> : null}
        </div>
      </Modal>
    </>
  );
}

/** The Excel and PDF links of a document, side by side (a detail panel's corner). */
export function ReportActions({ kind, id }: { kind: ReportKind; id: string }) {
  return (
    <Space size={4}>
      <ReportLink kind={kind} id={id} format="pdf" />
      <ReportLink kind={kind} id={id} format="excel" />
    </Space>
  );
}
