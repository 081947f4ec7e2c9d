import type { ProductDetail } from '@portal/contract/catalog';
import { Table } from 'antd';
import { useTranslation } from 'react-i18next';

type Fitment = ProductDetail['fitments'][number];

/** The vehicles the article fits: brand, model, engine, years. */
export function FitmentsTable({ fitments }: { fitments: Fitment[] }) {
  const { t } = useTranslation();
  return (
    <Table<Fitment>
      size="small"
      data-testid="fitments"
      rowKey={(f) => `${f.modelo_id}-${f.motor_id ?? 0}`}
      dataSource={fitments}
      pagination={fitments.length > 10 ? { pageSize: 10, showSizeChanger: false, size: 'small' } : false}
      scroll={{ x: 560 }}
      locale={{ emptyText: t('UI_Catalog_NoFitments') }}
      columns={[
        { key: 'marca', dataIndex: 'marca', title: t('UI_Catalog_Brand') },
        { key: 'modelo', dataIndex: 'modelo', title: t('UI_Catalog_Model') },
        { key: 'motor', dataIndex: 'motor', title: t('UI_Catalog_Engine'), render: (v: string | null) => v ?? '—' },
        { key: 'years', dataIndex: 'years', title: t('UI_Catalog_Years'), width: 130 },
      ]}
    />
  );
}
