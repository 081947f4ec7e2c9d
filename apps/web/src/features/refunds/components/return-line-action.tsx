import {
  REFUND_LIMITS,
  REFUND_MESSAGES,
  type ReturnableLine,
  refundComment,
  refundQuantity,
  refundReasonId,
} from '@portal/contract/refunds';
import { message as antMessage, Button, Form, Input, InputNumber, Modal, Select, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { z } from 'zod';
import { isApiError } from '@/lib/api-error';
import { formatDate } from '@/lib/format';
import { useLanguage } from '@/lib/language';
import { zodFieldRule } from '@/lib/zod-form';
import { useCanReturn } from '../api/get-can-return';
import { useReturnReasons } from '../api/get-return-reasons';
import { useInvoiceLineReturnable, useSlipReturnable } from '../api/get-returnable';
import { useAddToRefundMutation } from '../api/post-add-to-refund';
import './refunds.css';

type Target = { packingslipid: string; linenum: number } | { invoiceid: string; linenum: number };
type Values = { motivo?: number; quantity?: number; userscomentarios?: string };

/** The dialog: what can still be returned and until when, then a reason, a quantity and a comment. */
function ReturnDialog({
  line,
  target,
  onClose,
  message,
}: {
  line: ReturnableLine;
  target: Target;
  onClose: () => void;
  message: ReturnType<typeof antMessage.useMessage>[0];
}) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const reasons = useReturnReasons(lang);
  const add = useAddToRefundMutation();
  const [form] = Form.useForm<Values>();
  // The contract's rules, with the line's own upper bound.
  const schema = useMemo(
    () =>
      z.object({
        motivo: refundReasonId,
        quantity: refundQuantity.max(line.maxquantity, REFUND_MESSAGES.quantityMax),
        userscomentarios: refundComment.optional(),
      }),
    [line.maxquantity],
  );
  const submit = async (v: Values) => {
    try {
      await add.mutateAsync({
        ...target,
        motivo: v.motivo ?? 0,
        quantity: v.quantity ?? 0,
        userscomentarios: v.userscomentarios ?? '',
      });
      void message.success(
        <span>
          {t('UI_Refunds_Added')} · <Link to="/myrefundscart">{t('UI_Refunds_GoToCart')}</Link>
        </span>,
      );
      onClose();
    } catch (error) {
      if (!isApiError(error)) throw error;
      const field = error.message.includes('Quantity')
        ? 'quantity'
        : error.message.includes('Reason')
          ? 'motivo'
          : null;
      if (field) form.setFields([{ name: field, errors: [t(error.message)] }]);
      else void message.error(t(error.message));
    }
  };
  return (
    <Modal
      open
      title={t('UI_Refunds_DialogTitle', { item: line.itemid })}
      okText={t('UI_Refunds_AddToCart')}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={add.isPending}
      destroyOnHidden
    >
      <Typography.Paragraph data-testid="refund-returnable">
        <strong>{line.name}</strong>
        <br />
        {t('UI_Refunds_Returnable', { count: line.maxquantity, delivered: line.delivered })}
        {line.returned > 0 ? (
          <>
            <br />
            {t('UI_Refunds_AlreadyAsked', { count: line.returned })}
          </>
        ) : null}
        <br />
        {t('UI_Refunds_Deadline', { date: formatDate(line.deadline) })}
      </Typography.Paragraph>
      <Form form={form} layout="vertical" onFinish={submit} initialValues={{ quantity: 1 }} requiredMark>
        <Form.Item name="motivo" label={t('UI_Refunds_Reason')} rules={[zodFieldRule(schema, 'motivo')]}>
          <Select
            loading={reasons.isPending}
            options={(reasons.data ?? []).map((r) => ({ value: r.id, label: r.name }))}
            data-testid="refund-reason"
          />
        </Form.Item>
        <Form.Item
          name="quantity"
          label={t('UI_Refunds_Quantity')}
          extra={t('UI_Refunds_Max', { count: line.maxquantity })}
          rules={[zodFieldRule(schema, 'quantity')]}
        >
          <InputNumber min={1} precision={0} style={{ width: 140 }} data-testid="refund-quantity" />
        </Form.Item>
        <Form.Item
          name="userscomentarios"
          label={t('UI_Refunds_Comment')}
          rules={[zodFieldRule(schema, 'userscomentarios')]}
        >
          <Input.TextArea maxLength={REFUND_LIMITS.commentMax} autoSize={{ minRows: 2, maxRows: 4 }} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** The button (or why there is none) for a line whose returnable state is known. */
function LineAction({ line, target }: { line: ReturnableLine | undefined; target: Target }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [message, holder] = antMessage.useMessage({ top: 64 });
  if (!line) return holder;
  if (line.expired || line.maxquantity <= 0)
    return (
      <>
        {holder}
        <span className="refund-line-note">
          {line.expired ? t('UI_Refunds_Expired', { date: formatDate(line.deadline) }) : t('UI_Refunds_NothingLeft')}
        </span>
      </>
    );
  return (
    <>
      {holder}
      <Button
        size="small"
        onClick={() => setOpen(true)}
        aria-label={t('UI_Refunds_ReturnLine', { line: target.linenum })}
      >
        {t('UI_Refunds_Return')}
      </Button>
      {open ? <ReturnDialog line={line} target={target} onClose={() => setOpen(false)} message={message} /> : null}
    </>
  );
}

/** Devolver on a packing slip line: shown when comprobarrolusuario answers 1 (one check for the whole slip). */
export function PackingSlipLineReturn({ packingSlipId, lineNo }: { packingSlipId: string; lineNo: number }) {
  const may = useCanReturn();
  const lines = useSlipReturnable(packingSlipId, may);
  if (!may) return null;
  return (
    <LineAction
      line={lines.data?.find((l) => l.linenum === lineNo)}
      target={{ packingslipid: packingSlipId, linenum: lineNo }}
    />
  );
}

/** The spec's refund action on an invoice line: the packing slip line it was delivered on. */
export function InvoiceLineReturn({ invoiceId, lineNo }: { invoiceId: string; lineNo: number }) {
  const may = useCanReturn();
  const line = useInvoiceLineReturnable(invoiceId, lineNo, may);
  if (!may) return null;
  return <LineAction line={line.data} target={{ invoiceid: invoiceId, linenum: lineNo }} />;
}
