import { DownloadOutlined } from '@ant-design/icons';
import type { RefundDetail as Detail, RefundLine } from '@portal/contract/refunds';
import { displayDocumentId } from '@portal/contract/sales';
import { Alert, Button, Card, Descriptions, Modal, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { fetchFile, saveBlob } from '@/lib/download';
import { formatDateTime } from '@/lib/format';
import { useLanguage } from '@/lib/language';
import { useRefund } from '../api/get-refund';
import { useRefundActionMutation } from '../api/refund-actions';
import { EvidenceFiles } from './evidence-files';
import { LineDecision, RefundStaffPanel } from './refund-staff';
import { RefundStageTag, RefundStatusTag } from './refund-status';
import { RefundTimeline } from './refund-timeline';

function Decision({ line }: { line: RefundLine }) {
  const { t } = useTranslation();
  if (line.decision === 'accepted') return <Typography.Text type="success">{t('UI_Refunds_Accepted')}</Typography.Text>;
  if (line.decision === 'rejected')
    return (
      <Typography.Text type="danger">
        {t('UI_Refunds_Rejected', { reason: line.decision_reason ?? '' })}
      </Typography.Text>
    );
  return <Typography.Text type="secondary">{t('UI_Refunds_Undecided')}</Typography.Text>;
}

function Lines({ detail, staff }: { detail: Detail; staff: boolean }) {
  const { t } = useTranslation();
  const editable = !staff && detail.header.STAGE === 'requested';
  return (
    <div className="refund-lines">
      {detail.lines.map((line) => (
        <div key={line.id} className="refund-line" data-testid={`refund-line-${line.id}`}>
          <div className="refund-line-head">
            <strong>
              {line.itemid} · {line.name}
            </strong>
            <Decision line={line} />
          </div>
          <div>
            {t('UI_Col_PackingSlip')} {displayDocumentId(line.packingslipid)} · {t('UI_Col_Line')} {line.id_linea} ·{' '}
            {t('UI_Refunds_Quantity')}: {line.quantity} · {t('UI_Refunds_Reason')}: {line.motivo_name}
          </div>
          {line.userscomentarios ? <Typography.Text type="secondary">{line.userscomentarios}</Typography.Text> : null}
          {staff && detail.header.STAGE === 'received' ? <LineDecision line={line} /> : null}
          <EvidenceFiles lineId={line.id} editable={editable} />
        </div>
      ))}
    </div>
  );
}

/** A refund's page under the grid: facts, lines with their files and decisions, the timeline, and staff's panel. */
export function RefundDetail({ id, staff }: { id: number; staff: boolean }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const refund = useRefund(id, lang);
  const act = useRefundActionMutation();
  const [modal, holder] = Modal.useModal();
  if (refund.isPending) return <Spin />;
  if (!refund.data) return <Alert type="warning" showIcon message={t('UI_Refunds_NotFound', { id })} />;
  const d = refund.data;
  const h = d.header;
  return (
    <section className="refund-detail" aria-label={t('UI_Refunds_Detail', { id })} data-testid="refund-detail">
      {holder}
      <Card
        size="small"
        title={t('UI_Refunds_Detail', { id })}
        extra={
          <>
            {d.credit_note_url && h.CREDITNOTEID ? (
              <Button
                type="primary"
                icon={<DownloadOutlined />}
                onClick={async () => {
                  const file = await fetchFile(d.credit_note_url!, `abono-${displayDocumentId(h.CREDITNOTEID)}.pdf`);
                  saveBlob(file.blob, file.name);
                }}
              >
                {t('UI_Refunds_DownloadCreditNote', { id: displayDocumentId(h.CREDITNOTEID) })}
              </Button>
            ) : null}
            {!staff && h.STAGE === 'requested' ? (
              <Button
                danger
                onClick={() =>
                  modal.confirm({
                    title: t('UI_Refunds_CancelConfirm', { id }),
                    okButtonProps: { danger: true },
                    onOk: () => act.mutateAsync({ call: 'cancel', id }),
                  })
                }
              >
                {t('UI_Refunds_Cancel')}
              </Button>
            ) : null}
          </>
        }
      >
        <Descriptions
          size="small"
          column={{ xs: 1, sm: 2, lg: 3 }}
          items={[
            { key: 'status', label: t('UI_Refunds_Col_Status'), children: <RefundStatusTag status={h.STATUS} /> },
            { key: 'stage', label: t('UI_Refunds_Col_Step'), children: <RefundStageTag stage={h.STAGE} /> },
            { key: 'req', label: t('UI_Refunds_Col_Requested'), children: formatDateTime(h.Fecha_Peticion) },
            { key: 'proc', label: t('UI_Refunds_Col_Processed'), children: formatDateTime(h.Fecha_Tramitacion) },
            { key: 'obs', label: t('UI_Refunds_Observations'), children: h.OBSERVATIONS },
            { key: 'addr', label: t('UI_Refunds_Address'), children: h.Direccion_Usuario },
            { key: 'store', label: t('UI_Refunds_Store'), children: h.INVENTLOCATIONNAME },
            ...(staff
              ? [{ key: 'client', label: t('UI_Refunds_Client'), children: `${h.CUSTACCOUNT} · ${h.CUSTNAME}` }]
              : []),
            { key: 'ret', label: t('UI_Refunds_Col_ReturnOrder'), children: displayDocumentId(h.RETURNSALESTABLEID) },
            { key: 'credit', label: t('UI_Refunds_Col_CreditNote'), children: displayDocumentId(h.CREDITNOTEID) },
          ]}
        />
      </Card>
      <div className="refund-detail-cols">
        <Card size="small" title={t('UI_Refunds_Lines')}>
          <Lines detail={d} staff={staff} />
        </Card>
        <div className="refund-lines">
          <Card size="small" title={t('UI_Refunds_Timeline')}>
            <RefundTimeline detail={d} />
          </Card>
          {staff ? <RefundStaffPanel detail={d} /> : null}
        </div>
      </div>
    </section>
  );
}
