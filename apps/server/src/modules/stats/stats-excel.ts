import type { StatsKind, StatsRow, StatsSummary } from '@portal/contract/stats';
import ExcelJS from 'exceljs';
import { isRiskyText, TEXT_FORMAT } from '../../lib/excel-text.ts';

/** The words of the export, in the caller's language (dictionary keys of sync-stats.json). */
export const STATS_EXCEL_KEYS = [
  'STATS_Date',
  'STATS_Name',
  'STATS_Amount',
  'STATS_Quantity',
  'STATS_PreviousAmount',
  'STATS_PreviousQuantity',
  'STATS_Total',
  'STATS_Range',
  'STATS_PreviousRange',
  'UI_Title_StatsDate',
  'UI_Title_StatsFamily',
  'UI_Title_StatsModel',
] as const;

const MONEY = '#,##0.00 "€"';
const QTY = '#,##0';
const TITLES: Record<StatsKind, string> = {
  date: 'UI_Title_StatsDate',
  family: 'UI_Title_StatsFamily',
  model: 'UI_Title_StatsModel',
};

/**
 * A statistics screen as a workbook: the range and the previous range on top, then a row per period (a real
 * date cell) or name, amounts and quantities as numbers with the previous period's beside, and a total row.
 * Names are string cells, a risky one (= + - @) in the Text format: nothing is a formula (DESIGN §5).
 */
export async function statsXlsx(
  kind: StatsKind,
  rows: StatsRow[],
  summary: StatsSummary,
  words: Map<string, string>,
): Promise<Buffer> {
  const w = (key: string) => words.get(key) ?? key;
  const wb = new ExcelJS.Workbook();
  wb.title = w(TITLES[kind]);
  const ws = wb.addWorksheet(w(TITLES[kind]).slice(0, 31), { views: [{ state: 'frozen', ySplit: 4 }] });
  ws.columns = [
    { key: 'name', width: kind === 'date' ? 14 : 36 },
    { key: 'amount', width: 16, style: { numFmt: MONEY } },
    { key: 'qty', width: 12, style: { numFmt: QTY } },
    { key: 'prevAmount', width: 18, style: { numFmt: MONEY } },
    { key: 'prevQty', width: 14, style: { numFmt: QTY } },
  ];
  ws.addRow([w(TITLES[kind])]).font = { bold: true, size: 13 };
  ws.addRow([w('STATS_Range'), `${summary.dateIni} – ${summary.dateEnd}`]);
  ws.addRow([w('STATS_PreviousRange'), `${summary.previous.dateIni} – ${summary.previous.dateEnd}`]);
  const header = ws.addRow([
    kind === 'date' ? w('STATS_Date') : w('STATS_Name'),
    w('STATS_Amount'),
    w('STATS_Quantity'),
    w('STATS_PreviousAmount'),
    w('STATS_PreviousQuantity'),
  ]);
  header.font = { bold: true };
  for (const r of rows) {
    const first = kind === 'date' ? new Date(`${r.Fecha}T00:00:00Z`) : (r.Nombre ?? '');
    const row = ws.addRow([first, r.Importe, r.Cantidad, r.ImporteAnterior, r.CantidadAnterior]);
    const cell = row.getCell(1);
    if (kind === 'date') cell.numFmt = 'dd/mm/yyyy';
    else if (typeof cell.value === 'string' && isRiskyText(cell.value)) cell.numFmt = TEXT_FORMAT;
  }
  const totals = ws.addRow([
    w('STATS_Total'),
    summary.totals.Importe,
    summary.totals.Cantidad,
    summary.previous.Importe,
    summary.previous.Cantidad,
  ]);
  totals.font = { bold: true };
  ws.autoFilter = { from: { row: 4, column: 1 }, to: { row: 4, column: 5 } };
  return Buffer.from(await wb.xlsx.writeBuffer());
}
