import type { Brand } from '@portal/contract/brands';
import type { LanguageKey } from '@portal/contract/constants';
import { DOCUMENT_TYPE } from '@portal/contract/sales';
import ExcelJS from 'exceljs';
import { isRiskyText, TEXT_FORMAT } from '../../lib/excel-text.ts';
import type { DocumentData } from './document-data.repository.ts';
import { DOCUMENT_LABELS } from './labels.ts';

/** Puts every risky text cell of a row in the Text format. */
function protectTexts(row: ExcelJS.Row) {
  row.eachCell((cell) => {
    if (typeof cell.value === 'string' && isRiskyText(cell.value)) cell.numFmt = TEXT_FORMAT;
  });
}

/** A YYYY-MM-DD day as an Excel date (midnight UTC: Excel dates carry no time zone). */
const excelDate = (day: string) => new Date(`${day}T00:00:00Z`);

const MONEY = '#,##0.00 "€"';
const QTY = '#,##0.##';
const PCT = '0.##';
const DATE = 'dd/mm/yyyy';

/**
 * The document as a workbook: sheet 1 the lines (a header row, typed number cells, autofilter, frozen header),
 * sheet 2 the document's data (number and date as typed cells, totals as numbers). Texts are string cells, the
 * risky ones in the Text format; nothing is a formula.
 */
export async function documentXlsx(d: DocumentData, brand: Brand, lang: LanguageKey): Promise<Buffer> {
  const L = DOCUMENT_LABELS[lang];
  const wb = new ExcelJS.Workbook();
  wb.creator = brand.company.legalName;
  wb.created = new Date(`${d.date}T00:00:00Z`);
  wb.title = `${L.title[d.type]} ${d.displayId}`;
  const invoice = d.type === DOCUMENT_TYPE.invoice;

  const lines = wb.addWorksheet(L.linesSheet, { views: [{ state: 'frozen', ySplit: 1 }] });
  type Col = { header: string; key: string; width: number; numFmt?: string };
  const cols: Col[] = [
    { header: L.line, key: 'line', width: 7, numFmt: '0' },
    ...(invoice ? [{ header: L.order, key: 'order', width: 14 }] : []),
    { header: L.item, key: 'item', width: 18 },
    { header: L.description, key: 'name', width: 44 },
    { header: L.quantity, key: 'qty', width: 10, numFmt: QTY },
    { header: L.price, key: 'price', width: 12, numFmt: MONEY },
    { header: L.discount, key: 'disc', width: 9, numFmt: PCT },
    { header: L.amount, key: 'amount', width: 13, numFmt: MONEY },
    { header: L.vatPct, key: 'vatPct', width: 8, numFmt: PCT },
    { header: L.vatAmount, key: 'vat', width: 12, numFmt: MONEY },
  ];
  lines.columns = cols.map((c) => ({ header: c.header, key: c.key, width: c.width }));
  for (const l of d.lines) {
    lines.addRow({
      line: l.lineNo,
      order: l.salesId,
      item: l.itemId,
      name: l.name,
      qty: l.quantity,
      price: l.price,
      disc: l.discountPct,
      amount: l.amount,
      vatPct: l.vatPct,
      vat: l.vatAmount,
    });
  }
  cols.forEach((c, i) => {
    if (c.numFmt) lines.getColumn(i + 1).numFmt = c.numFmt;
  });
  lines.eachRow(protectTexts);
  const header = lines.getRow(1);
  header.font = { bold: true, color: { argb: 'FFFFFFFF' } };
  header.fill = {
    type: 'pattern',
    pattern: 'solid',
    fgColor: { argb: `FF${brand.colors.header.slice(1).toUpperCase()}` },
  };
  lines.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: cols.length } };

  const info = wb.addWorksheet(L.documentSheet);
  info.columns = [
    { header: L.field, key: 'field', width: 26 },
    { header: L.value, key: 'value', width: 48 },
  ];
  info.getRow(1).font = { bold: true };
  const c = d.client;
  const rows: [string, string | number | Date | null][] = [
    [L.title[d.type], d.displayId],
    [L.number, d.id],
    [L.date, excelDate(d.date)],
    ...(d.dueDate ? ([[L.dueDate, excelDate(d.dueDate)]] as [string, Date][]) : []),
    [L.client, c.accountnum],
    [L.clientName, c.name],
    [L.taxId, c.taxId],
    [
      L.deliveryAddress,
      d.delivery
        ? [d.delivery.name, d.delivery.street, d.delivery.zipcode, d.delivery.city].filter(Boolean).join(', ')
        : null,
    ],
    [L.customerRef, d.customerRef],
    [L.store, d.store],
    [L.dlvMode, d.dlvMode],
    [L.status, d.status === null ? null : (L.statuses[d.status] ?? String(d.status))],
    [L.origin, d.origin],
    [L.employee, d.employee],
    [L.relatedSales, d.related.sales.join(', ') || null],
    [L.relatedPackingSlips, d.related.packingSlips.join(', ') || null],
    [L.relatedInvoices, d.related.invoices.join(', ') || null],
    [L.base, d.totals.net],
    [L.vat, d.totals.vat],
    [L.total, d.totals.total],
    [L.issuer, brand.company.legalName],
  ];
  for (const [label, value] of rows) {
    if (value === null || value === '') continue;
    const row = info.addRow({ field: label, value });
    const cell = row.getCell(2);
    if (value instanceof Date) cell.numFmt = DATE;
    else if (typeof value === 'number') cell.numFmt = MONEY;
  }
  info.eachRow(protectTexts);
  info.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: 2 } };

  const out = await wb.xlsx.writeBuffer();
  return Buffer.from(out as ArrayBuffer);
}
