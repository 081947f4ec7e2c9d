import { PlusOutlined } from '@ant-design/icons';
import { FAQ_PACK_GRID, type FaqPackRow } from '@portal/contract/faq';
import { Button, Tag } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { textColumn } from '@/components/data-grid/columns';
import { DataGrid } from '@/components/data-grid/data-grid';
import type { GridColumnDef } from '@/components/data-grid/grid-types';
import { useJqGrid } from '@/components/data-grid/use-jq-grid';
import { faqPackGridQueryOptions } from '../api/get-faq-pack-grid';

/** The admins' grid of every pack (GetFaqPackJqGrid): Id_FaqPack, Idioma_Cod, Nombre, Descripcion, Tipo_Cod_Enum, SW_Activo. */
export function FaqPacksGrid() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const columns = useMemo(
    (): GridColumnDef<FaqPackRow>[] => [
      {
        key: 'Id_FaqPack',
        title: 'Id',
        sortField: 'Id_FaqPack',
        filter: { field: 'Id_FaqPack', kind: 'number' },
        width: 80,
        card: 'id',
        render: (r) => <span className="doc-id">{r.Id_FaqPack}</span>,
      },
      {
        ...textColumn('Nombre', t('UI_Faq_Name'), 260),
        render: (r) => (
          <Link to={`/faq/details/${r.Id_FaqPack}`} data-testid={`faq-row-${r.Id_FaqPack}`}>
            {r.Nombre}
          </Link>
        ),
        card: 'status',
      },
      { ...textColumn('Idioma_Cod', t('UI_Faq_Language'), 100), render: (r) => r.Idioma_Cod.toUpperCase() },
      {
        key: 'Tipo_Cod_Enum',
        title: t('UI_Faq_Type'),
        sortField: 'Tipo_Cod_Enum',
        width: 190,
        card: 'date',
        render: (r) => t(`UI_Faq_Type_${r.Tipo_Cod_Enum}`),
      },
      {
        key: 'SW_Activo',
        title: t('UI_Faq_Active'),
        sortField: 'SW_Activo',
        width: 110,
        card: 'amount',
        render: (r) =>
          r.SW_Activo ? <Tag color="green">{t('UI_Faq_Active')}</Tag> : <Tag>{t('UI_Faq_Inactive')}</Tag>,
      },
      { key: 'Respuestas', title: t('UI_Faq_Responses'), width: 110, align: 'right', render: (r) => r.Respuestas },
      { ...textColumn('Descripcion', t('UI_Faq_Description'), 260), secondary: true },
    ],
    [t],
  );
  const grid = useJqGrid({ definition: FAQ_PACK_GRID, columns, query: faqPackGridQueryOptions });
  return (
    <DataGrid<FaqPackRow>
      grid={grid}
      rowKey={(row) => String(row.Id_FaqPack)}
      isSelected={() => false}
      onSelect={(row) => navigate(`/faq/details/${row.Id_FaqPack}`)}
      label={t('UI_Faq_Packs')}
      emptyText={t('UI_Faq_Empty')}
      toolbar={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate('/faq/new')} data-testid="faq-new">
          {t('UI_Faq_NewPack')}
        </Button>
      }
      testId="faq-grid"
    />
  );
}
