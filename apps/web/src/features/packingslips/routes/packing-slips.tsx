import { PACKING_SLIPS_GRID, type PackingSlipHeader } from '@portal/contract/sales';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams } from 'react-router';
import { DataGrid } from '@/components/data-grid/data-grid';
import { DocumentHint } from '@/components/data-grid/document-detail';
import { ProductFilter } from '@/components/data-grid/product-filter';
import { useJqGrid } from '@/components/data-grid/use-jq-grid';
import { sameDocumentId } from '@/lib/documents/grid-state';
import { packingSlipsGridQueryOptions } from '../api/get-packing-slips-grid';
import { usePackingSlipColumns } from '../components/packing-slip-columns';
import { PackingSlipDetail, type PackingSlipLineAction } from '../components/packing-slip-detail';

/**
 * /packingslip and /packingslip/:packingslipid — the packing slips (delivery notes) grid with its store and
 * delivery-mode filters and the product filter; a selected row's lines show below (spec part 2 §2).
 */
export default function PackingSlipsRoute() {
  return <PackingSlipsScreen />;
}

/** The screen, with what the app puts on each line (the returns area's button: app/routes/packing-slips-screen). */
export function PackingSlipsScreen({ LineAction }: { LineAction?: PackingSlipLineAction }) {
  const { t } = useTranslation();
  const { packingslipid } = useParams();
  const navigate = useNavigate();
  const { search } = useLocation();
  const columns = usePackingSlipColumns();
  const grid = useJqGrid({
    definition: PACKING_SLIPS_GRID,
    columns,
    query: packingSlipsGridQueryOptions,
    productFilter: true,
  });
  const isSelected = (row: PackingSlipHeader) => sameDocumentId(row.PACKINGSLIPID, packingslipid);

  return (
    <div className="doc-screen">
      <DataGrid<PackingSlipHeader>
        grid={grid}
        rowKey={(row) => row.PACKINGSLIPID}
        isSelected={isSelected}
        onSelect={(row) => {
          if (!isSelected(row)) navigate(`/packingslip/${encodeURIComponent(row.PACKINGSLIPID)}${search}`);
        }}
        label={t('UI_Title_PackingSlips')}
        emptyText={t('UI_PackingSlip_Empty')}
        toolbar={<ProductFilter value={grid.product} onChange={grid.setProduct} />}
        testId="packingslips-grid"
      />
      {packingslipid ? (
        <PackingSlipDetail key={packingslipid} id={packingslipid} LineAction={LineAction} />
      ) : (
        <DocumentHint text={t('UI_PackingSlip_SelectHint')} />
      )}
    </div>
  );
}
