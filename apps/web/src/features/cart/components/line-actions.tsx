import { DeleteOutlined, ReloadOutlined } from '@ant-design/icons';
import type { CartLine } from '@portal/contract/cart';
import { Button, Popconfirm, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useDeleteFromCurrentCart } from '../api/delete-from-current-cart';
import { useUpdateItemCartStock } from '../api/post-update-item-cart-stock';

/** Read the line's stock again, and delete the line after confirming (WARN_DeleteElement). */
export function LineActions({ line }: { line: CartLine }) {
  const { t } = useTranslation();
  const remove = useDeleteFromCurrentCart();
  const refresh = useUpdateItemCartStock();
  return (
    <Space size={4}>
      <Button
        type="text"
        size="small"
        icon={<ReloadOutlined />}
        aria-label={t('UI_Cart_RefreshStockOf', { ref: line.ref_jumasa })}
        title={t('UI_Cart_RefreshStock')}
        loading={refresh.isPending}
        onClick={() => refresh.mutate({ id: line.id_linea })}
      />
      <Popconfirm
        title={t('WARN_DeleteElement')}
        description={`${line.ref_jumasa} · ${line.descripcion}`}
        okText={t('UI_Cart_Delete')}
        cancelText={t('UI_Cart_Cancel')}
        okButtonProps={{ danger: true, loading: remove.isPending }}
        onConfirm={() => remove.mutateAsync(line.id_linea)}
      >
        <Button
          type="text"
          size="small"
          danger
          icon={<DeleteOutlined />}
          aria-label={t('UI_Cart_DeleteLine', { ref: line.ref_jumasa })}
          title={t('UI_Cart_Delete')}
          data-testid="delete-line"
        />
      </Popconfirm>
    </Space>
  );
}
