import type { RefundDetail, RefundLine } from '@portal/contract/refunds';
import { Alert, Button, Card, Form, Input, List, Modal, message, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErpConnectionNotice } from '@/components/erp-connection-notice';
import { isApiError } from '@/lib/api-error';
import { formatDateTime } from '@/lib/format';
import { useRefundActionMutation } from '../api/refund-actions';

/** Accept or reject a line of a received refund (a rejection asks the reason the customer will read). */
export function LineDecision({ line }: { line: RefundLine }) {
  const { t } = useTranslation();
  const act = useRefundActionMutation();
  const [rejecting, setRejecting] = useState(false);
  const [form] = Form.useForm<{ reason: string }>();
  return (
    <div className="refund-staff-line">
      <Button size="small" onClick={() => act.mutate({ call: 'decideline', id: line.id, decision: 'accepted' })}>
        {t('UI_Refunds_Accept')}
      </Button>
      <Button size="small" danger onClick={() => setRejecting(true)}>
        {t('UI_Refunds_Reject')}
      </Button>
      <Modal
        open={rejecting}
        title={t('UI_Refunds_RejectTitle', { item: line.itemid })}
        okText={t('UI_Refunds_Reject')}
        okButtonProps={{ danger: true }}
        confirmLoading={act.isPending}
        onCancel={() => setRejecting(false)}
        onOk={() => form.submit()}
        destroyOnHidden
      >
        <Form
          form={form}
          layout="vertical"
          onFinish={async (v) => {
            try {
              await act.mutateAsync({ call: 'decideline', id: line.id, decision: 'rejected', reason: v.reason ?? '' });
              setRejecting(false);
            } catch (error) {
              if (!isApiError(error)) throw error;
              form.setFields([{ name: 'reason', errors: [t(error.message)] }]);
            }
          }}
        >
          <Form.Item
            name="reason"
            label={t('UI_Refunds_RejectReason')}
            rules={[{ required: true, whitespace: true, message: t('WARN_RefundRejectReasonRequired') }]}
          >
            <Input.TextArea autoSize={{ minRows: 2 }} maxLength={300} data-testid="refund-reject-reason" />
          </Form.Item>
        </Form>
      </Modal>
    </div>
  );
}

/** Staff's side of a refund: receive it, send it to the ERP, the ERP's error, and internal notes. */
export function RefundStaffPanel({ detail }: { detail: RefundDetail }) {
  const { t } = useTranslation();
  const act = useRefundActionMutation();
  const [modal, modalHolder] = Modal.useModal();
  const [notify, holder] = message.useMessage({ top: 64 });
  const [note, setNote] = useState('');
  const h = detail.header;
  return (
    <Card size="small" title={t('UI_Refunds_Staff')} data-testid="refund-staff">
      {holder}
      {modalHolder}
      <Space direction="vertical" style={{ width: '100%' }}>
        {h.STAGE === 'requested' ? (
          <Button
            type="primary"
            onClick={() =>
              modal.confirm({
                title: t('UI_Refunds_ReceiveConfirm', { id: h.Id }),
                onOk: () => act.mutateAsync({ call: 'receive', id: h.Id }),
              })
            }
          >
            {t('UI_Refunds_Receive')}
          </Button>
        ) : null}
        {detail.erp_error ? (
          <Alert type="error" showIcon message={t('UI_Refunds_ErpError', { error: detail.erp_error })} />
        ) : null}
        {h.STAGE === 'decided' && !detail.erp_error ? (
          <Alert type="info" showIcon message={t('UI_Refunds_ErpWaiting')} data-testid="refund-erp-waiting" />
        ) : null}
        {h.STAGE === 'decided' ? <ErpConnectionNotice onlyWhenMissing /> : null}
        {h.STAGE === 'decided' ? (
          <Button
            type="primary"
            loading={act.isPending}
            onClick={async () => {
              const res = (await act.mutateAsync({ call: 'requeueerp', id: h.Id })) as { message: string };
              void notify.info(t(`UI_Refunds_ErpOutcome_${res.message}`));
            }}
          >
            {t('UI_Refunds_SendErp')}
          </Button>
        ) : null}
        <Typography.Text strong>{t('UI_Refunds_Notes')}</Typography.Text>
        <Typography.Text type="secondary">{t('UI_Refunds_NotesHint')}</Typography.Text>
        <List
          size="small"
          locale={{ emptyText: t('UI_Refunds_NoNotes') }}
          dataSource={detail.notes ?? []}
          renderItem={(n) => (
            <List.Item>
              <div>
                <div>{n.body}</div>
                <small>
                  {n.author} · {formatDateTime(n.at)}
                </small>
              </div>
            </List.Item>
          )}
        />
        <Input.TextArea
          value={note}
          onChange={(e) => setNote(e.target.value)}
          autoSize={{ minRows: 2 }}
          maxLength={2000}
          aria-label={t('UI_Refunds_Notes')}
        />
        <Button
          disabled={!note.trim()}
          onClick={async () => {
            await act.mutateAsync({ call: 'addnote', id: h.Id, body: note });
            setNote('');
          }}
        >
          {t('UI_Refunds_AddNote')}
        </Button>
      </Space>
    </Card>
  );
}
