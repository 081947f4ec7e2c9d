import { DeleteOutlined } from '@ant-design/icons';
import { REFUND_LIMITS, type RefundLine } from '@portal/contract/refunds';
import { displayDocumentId } from '@portal/contract/sales';
import { Button, Card, Form, Input, InputNumber, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/lib/api-error';
import { useDeleteCartLineMutation } from '../api/delete-cart-line';
import { useEditItemCartMutation } from '../api/edit-item-cart';
import { useEditItemCommentMutation } from '../api/edit-item-comment';
import { EvidenceFiles } from './evidence-files';

/** One line of the refunds cart: quantity and comment saved on leaving the field, removal confirmed, evidence. */
export function CartLine({ line }: { line: RefundLine }) {
  const { t } = useTranslation();
  const [modal, holder] = Modal.useModal();
  const quantity = useEditItemCartMutation();
  const comment = useEditItemCommentMutation();
  const remove = useDeleteCartLineMutation();
  const [qty, setQty] = useState<number | null>(line.quantity);
  const [text, setText] = useState(line.userscomentarios);
  const [qtyError, setQtyError] = useState<string | null>(null);
  const [textError, setTextError] = useState<string | null>(null);
  const saveQty = async () => {
    if (qty === line.quantity) return;
    try {
      setQtyError(null);
      await quantity.mutateAsync({ id: line.id, quantity: qty ?? 0 });
    } catch (error) {
      if (!isApiError(error)) throw error;
      setQtyError(t(error.message));
    }
  };
  const saveText = async () => {
    if (text === line.userscomentarios) return;
    try {
      setTextError(null);
      await comment.mutateAsync({ id: line.id, comment: text });
    } catch (error) {
      if (!isApiError(error)) throw error;
      setTextError(t(error.message));
    }
  };
  return (
    <Card
      className="refund-cart-line"
      size="small"
      data-testid={`refund-cart-line-${line.id}`}
      title={`${line.itemid} · ${line.name}`}
      extra={
        <Button
          icon={<DeleteOutlined />}
          onClick={() =>
            modal.confirm({
              title: t('UI_Refunds_RemoveConfirm'),
              okButtonProps: { danger: true },
              okText: t('UI_Refunds_Remove'),
              onOk: () => remove.mutateAsync(line.id),
            })
          }
        >
          {t('UI_Refunds_Remove')}
        </Button>
      }
    >
      {holder}
      <Typography.Paragraph>
        {t('UI_Col_PackingSlip')} {displayDocumentId(line.packingslipid)} · {t('UI_Col_Line')} {line.id_linea} ·{' '}
        {t('UI_Refunds_Reason')}: {line.motivo_name}
      </Typography.Paragraph>
      <div className="refund-cart-fields">
        <Form.Item
          label={`${t('UI_Refunds_Quantity')} (${t('UI_Refunds_Max', { count: line.maxquantity })})`}
          layout="vertical"
          validateStatus={qtyError ? 'error' : undefined}
          help={qtyError ?? undefined}
        >
          <InputNumber
            min={1}
            precision={0}
            value={qty}
            onChange={setQty}
            onBlur={() => void saveQty()}
            onPressEnter={() => void saveQty()}
            data-testid="refund-cart-quantity"
            aria-label={`${t('UI_Refunds_Quantity')} ${line.itemid}`}
          />
        </Form.Item>
        <Form.Item
          label={t('UI_Refunds_Comment')}
          layout="vertical"
          validateStatus={textError ? 'error' : undefined}
          help={textError ?? undefined}
        >
          <Input.TextArea
            value={text}
            maxLength={REFUND_LIMITS.commentMax}
            autoSize={{ minRows: 1, maxRows: 4 }}
            aria-label={`${t('UI_Refunds_Comment')} ${line.itemid}`}
            onChange={(e) => setText(e.target.value)}
            onBlur={() => void saveText()}
          />
        </Form.Item>
      </div>
      <Typography.Text strong>{t('UI_Refunds_Evidence')}</Typography.Text>
      <EvidenceFiles lineId={line.id} editable />
    </Card>
  );
}
