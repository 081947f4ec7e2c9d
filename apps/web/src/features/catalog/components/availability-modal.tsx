import type { AvailabilityResponse, Product } from '@portal/contract/catalog';
import { Modal, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { StockDot } from '@/components/stock-dots';
import { useLanguage } from '@/lib/language';
import { useAvailability } from '../api/get-availability';

type Store = AvailabilityResponse['availabilityinvent'][number];

/** Status and stock of an article in every store (spec part 1 §3 Availability). */
export function AvailabilityModal({
  product,
  open,
  onClose,
}: {
  product: Product;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const availability = useAvailability(
    product.id_articulo,
    { familia: product.familia_id, referencia: product.ref_jumasa, lang },
    open,
  );
  return (
    <Modal
      open={open}
      onCancel={onClose}
      footer={null}
      width={720}
      title={`${t('UI_Catalog_Availability')} · ${product.ref_jumasa}`}
      destroyOnHidden
    >
      <Table<Store>
        size="small"
        data-testid="availability-table"
        loading={availability.isPending}
        rowKey="id_almacen"
        dataSource={availability.data?.availabilityinvent ?? []}
        pagination={false}
        scroll={{ x: 520 }}
        columns={[
          { key: 'nombre', dataIndex: 'nombre', title: t('UI_Catalog_Store') },
          { key: 'city', dataIndex: 'city', title: t('UI_Catalog_City') },
          {
            key: 'status',
            title: t('UI_Catalog_Status'),
            render: (_, s) => (
              <span style={{ display: 'inline-flex', alignItems: 'center', gap: 8 }}>
                <StockDot store={s.nombre} status={s.status} />
                {t(`AVAILABILITY_${s.status}`)}
              </span>
            ),
          },
          {
            key: 'wsstock',
            dataIndex: 'wsstock',
            title: t('UI_Catalog_Stock'),
            align: 'right',
            render: (v: number | null) => v ?? '—',
          },
        ]}
        summary={() =>
          availability.data ? (
            <Table.Summary.Row>
              <Table.Summary.Cell index={0} colSpan={3}>
                <strong>{t('UI_Catalog_TotalStock')}</strong>
              </Table.Summary.Cell>
              <Table.Summary.Cell index={1} align="right">
                <strong data-testid="availability-total">{availability.data.wsstock}</strong>
              </Table.Summary.Cell>
            </Table.Summary.Row>
          ) : null
        }
      />
    </Modal>
  );
}
