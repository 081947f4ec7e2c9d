import type { Brand } from '@portal/contract/brands';
import type { LanguageKey } from '@portal/contract/constants';
import { DOCUMENT_TYPE, displayDocumentId } from '@portal/contract/sales';
import PDFDocument from 'pdfkit';
import type { DocumentData } from './document-data.repository.ts';
import { DOCUMENT_LABELS, formatterOf } from './labels.ts';

type Column = { title: string; width: number; align: 'left' | 'right'; value: (i: number) => string };

const M = 40;
const PAGE_W = 595.28;
const PAGE_H = 841.89;
const W = PAGE_W - 2 * M;
const FOOTER_Y = PAGE_H - 38;

/**
 * A sales order, delivery note or invoice as a business document: the brand's company block and logo, the
 * document number and date, the client and delivery address, references, the lines (repeating their header
 * on each page), the VAT breakdown and totals, and a footer with the company and page numbers.
 */
export function documentPdf(d: DocumentData, brand: Brand, lang: LanguageKey): Promise<Buffer> {
  const L = DOCUMENT_LABELS[lang];
  const f = formatterOf(lang);
  const doc = new PDFDocument({ size: 'A4', margins: { top: M, bottom: 50, left: M, right: M }, bufferPages: true });
  const title = L.title[d.type];
  doc.info.Title = `${title} ${d.displayId}`;
  doc.info.Author = brand.company.legalName;
  doc.info.Subject = `${title} ${d.displayId} · ${d.client.accountnum}`;
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const { company, colors } = brand;

  const fit = (text: string, width: number) => {
    if (doc.widthOfString(text) <= width) return text;
    let s = text;
    while (s.length > 1 && doc.widthOfString(`${s}…`) > width) s = s.slice(0, -1);
    return `${s}…`;
  };

  // Brand header: a band, the logo badge, the company block; the document title and number on the right.
  doc.rect(0, 0, PAGE_W, 8).fill(colors.primary);
  doc.roundedRect(M, 26, 42, 42, 6).fill(colors.header);
  doc
    .fillColor(colors.headerText)
    .font('Helvetica-Bold')
    .fontSize(24)
    .text(brand.logoText, M, 36, { width: 42, align: 'center' });
  doc
    .fillColor(colors.header)
    .font('Helvetica-Bold')
    .fontSize(13)
    .text(company.legalName, M + 54, 26, { width: 260 });
  doc.fillColor('#333').font('Helvetica').fontSize(8.5);
  doc.text(`${company.address}`, M + 54, doc.y + 1, { width: 260 });
  doc.text(`${company.zipcode} ${company.city} · ${company.country}`, { width: 260 });
  doc.text(`${L.taxId} ${company.taxId} · ${company.phone}`, { width: 260 });
  doc.text(`${company.email} · ${company.web}`, { width: 260 });

  doc
    .fillColor(colors.primary)
    .font('Helvetica-Bold')
    .fontSize(20)
    .text(title.toUpperCase(), M + 300, 26, {
      width: W - 300,
      align: 'right',
    });
  const meta: [string, string][] = [
    [L.number, d.displayId],
    [L.date, f.date(d.date)],
    ...(d.dueDate ? ([[L.dueDate, f.date(d.dueDate)]] as [string, string][]) : []),
    [L.client, d.client.accountnum],
  ];
  let y = 56;
  for (const [label, value] of meta) {
    doc
      .fillColor('#666')
      .font('Helvetica')
      .fontSize(8.5)
      .text(label, M + 300, y, { width: 110, align: 'right' });
    doc
      .fillColor('#000')
      .font('Helvetica-Bold')
      .fontSize(9.5)
      .text(value, M + 415, y - 0.5, { width: W - 415, align: 'right' });
    y += 13;
  }

  // Client and delivery address boxes.
  const boxY = Math.max(y, 100) + 10;
  const boxW = (W - 12) / 2;
  const box = (x: number, heading: string, lines: string[]) => {
    doc.roundedRect(x, boxY, boxW, 78, 4).lineWidth(0.7).strokeColor('#c8cdd3').stroke();
    doc
      .fillColor(colors.primary)
      .font('Helvetica-Bold')
      .fontSize(8)
      .text(heading.toUpperCase(), x + 10, boxY + 8, { width: boxW - 20 });
    doc
      .fillColor('#000')
      .font('Helvetica-Bold')
      .fontSize(10)
      .text(fit(lines[0] ?? '', boxW - 20), x + 10, boxY + 21, { width: boxW - 20 });
    doc.font('Helvetica').fontSize(9);
    for (const line of lines.slice(1)) doc.text(fit(line, boxW - 20), x + 10, doc.y + 1, { width: boxW - 20 });
  };
  const c = d.client;
  box(M, L.client, [
    c.name,
    ...(c.taxId ? [`${L.taxId}: ${c.taxId}`] : []),
    ...(c.street ? [c.street] : []),
    ...(c.zipcode || c.city ? [`${c.zipcode ?? ''} ${c.city ?? ''}`.trim()] : []),
    ...(c.email ? [c.email] : []),
  ]);
  if (d.delivery) {
    const dl = d.delivery;
    box(M + boxW + 12, L.deliveryAddress, [
      dl.name,
      ...(dl.street ? [dl.street] : []),
      ...(dl.zipcode || dl.city ? [`${dl.zipcode ?? ''} ${dl.city ?? ''}`.trim()] : []),
    ]);
  } else if (d.dueDate) {
    box(M + boxW + 12, L.paymentTerms, [
      L.directDebit,
      `${L.dueDate}: ${f.date(d.dueDate)}`,
      ...(d.employee ? [`${L.employee}: ${d.employee}`] : []),
    ]);
  }

  // References: label over value, in columns.
  const refs: [string, string][] = [];
  if (d.customerRef) refs.push([L.customerRef, d.customerRef]);
  if (d.store) refs.push([L.store, d.store]);
  if (d.dlvMode) refs.push([L.dlvMode, d.dlvMode]);
  if (d.status !== null) refs.push([L.status, L.statuses[d.status] ?? String(d.status)]);
  if (d.origin) refs.push([L.origin, d.origin]);
  if (d.employee && !d.dueDate) refs.push([L.employee, d.employee]);
  y = boxY + 90;
  // Up to three references per row, label over value.
  const perRow = 3;
  const cellW = W / perRow;
  for (let i = 0; i < refs.length; i += perRow) {
    refs.slice(i, i + perRow).forEach(([label, value], k) => {
      doc
        .fillColor('#666')
        .font('Helvetica')
        .fontSize(7.5)
        .text(label.toUpperCase(), M + k * cellW, y, { width: cellW - 8 });
      doc
        .fillColor('#000')
        .font('Helvetica')
        .fontSize(9)
        .text(fit(value, cellW - 8), M + k * cellW, y + 10, { width: cellW - 8 });
    });
    y += 26;
  }
  if (refs.length > 0) y += 2;
  const related: string[] = [];
  const list = (ids: string[]) => ids.map(displayDocumentId).join(', ');
  if (d.related.sales.length) related.push(`${L.relatedSales}: ${list(d.related.sales)}`);
  if (d.related.packingSlips.length) related.push(`${L.relatedPackingSlips}: ${list(d.related.packingSlips)}`);
  if (d.related.invoices.length) related.push(`${L.relatedInvoices}: ${list(d.related.invoices)}`);
  if (related.length) {
    doc.fillColor('#333').font('Helvetica').fontSize(8.5).text(related.join('   ·   '), M, y, { width: W });
    y = doc.y + 8;
  }

  // Lines.
  const ln = d.lines;
  const money = (n: number | null) => (n === null ? '' : f.money(n));
  const columns: Column[] = [
    d.type === DOCUMENT_TYPE.invoice
      ? {
          title: L.order,
          width: 62,
          align: 'left',
          value: (i) => displayDocumentId(ln[i]!.salesId),
        }
      : { title: L.line, width: 28, align: 'right', value: (i) => String(ln[i]!.lineNo) },
    { title: L.item, width: 82, align: 'left', value: (i) => ln[i]!.itemId },
    { title: L.description, width: 0, align: 'left', value: (i) => ln[i]!.name },
    { title: L.quantity, width: 50, align: 'right', value: (i) => f.number(ln[i]!.quantity) },
    { title: L.price, width: 58, align: 'right', value: (i) => money(ln[i]!.price) },
    {
      title: L.discount,
      width: 36,
      align: 'right',
      value: (i) => (ln[i]!.discountPct ? f.number(ln[i]!.discountPct!) : ''),
    },
    { title: L.amount, width: 64, align: 'right', value: (i) => money(ln[i]!.amount) },
    ...(d.type === DOCUMENT_TYPE.invoice
      ? [{ title: L.vatPct, width: 34, align: 'right' as const, value: (i: number) => f.number(ln[i]!.vatPct ?? 0) }]
      : []),
  ];
  const fixed = columns.reduce((s, col) => s + col.width, 0);
  columns.find((col) => col.width === 0)!.width = W - fixed;
  const rowH = 15;
  const headerRow = (at: number) => {
    doc.rect(M, at, W, rowH + 2).fill(colors.header);
    let x = M;
    doc.fillColor(colors.headerText).font('Helvetica-Bold').fontSize(8);
    for (const col of columns) {
      doc.text(fit(col.title, col.width - 6), x + 3, at + 5, {
        width: col.width - 6,
        align: col.align,
        lineBreak: false,
      });
      x += col.width;
    }
    return at + rowH + 2;
  };
  y = headerRow(y + 4);
  doc.font('Helvetica').fontSize(8.5);
  for (let i = 0; i < ln.length; i++) {
    if (y + rowH > FOOTER_Y - 20) {
      doc.addPage();
      y = headerRow(M);
      doc.font('Helvetica').fontSize(8.5);
    }
    if (i % 2 === 1) doc.rect(M, y, W, rowH).fill(colors.ribbon);
    let x = M;
    doc.fillColor('#000');
    for (const col of columns) {
      doc.text(fit(col.value(i), col.width - 6), x + 3, y + 4, {
        width: col.width - 6,
        align: col.align,
        lineBreak: false,
      });
      x += col.width;
    }
    y += rowH;
  }
  doc
    .moveTo(M, y)
    .lineTo(M + W, y)
    .lineWidth(0.7)
    .strokeColor(colors.header)
    .stroke();

  // Totals: the VAT breakdown and the total.
  const units = ln.reduce((s, l) => s + l.quantity, 0);
  if (y + 90 > FOOTER_Y - 10) {
    doc.addPage();
    y = M;
  }
  y += 10;
  doc
    .fillColor('#333')
    .font('Helvetica')
    .fontSize(8.5)
    .text(`${L.units}: ${f.number(units)}`, M, y, { width: 200 });
  const tx = M + W - 250;
  const totalRow = (label: string, value: string, bold = false) => {
    doc
      .fillColor('#000')
      .font(bold ? 'Helvetica-Bold' : 'Helvetica')
      .fontSize(bold ? 11 : 9);
    doc.text(label, tx, y, { width: 150, align: 'right' });
    doc.text(value, tx + 150, y, { width: 100, align: 'right' });
    y += bold ? 17 : 13;
  };
  for (const b of d.totals.vatBreakdown) {
    totalRow(`${L.base} (${L.vat} ${f.number(b.pct)} %)`, f.money(b.base));
    totalRow(`${L.vat} ${f.number(b.pct)} %`, f.money(b.vat));
  }
  doc.rect(tx, y, 250, 0.8).fill(colors.primary);
  y += 5;
  totalRow(L.total, f.money(d.totals.total), true);
  if (d.type === DOCUMENT_TYPE.invoice) {
    doc
      .fillColor('#555')
      .font('Helvetica-Oblique')
      .fontSize(8)
      .text(L.invoiceNote, M, y + 6, { width: W });
  }

  // Footer on every page.
  const range = doc.bufferedPageRange();
  for (let p = 0; p < range.count; p++) {
    doc.switchToPage(range.start + p);
    // Below the bottom margin: without this pdfkit would start a new page for the footer.
    doc.page.margins.bottom = 0;
    doc
      .moveTo(M, FOOTER_Y - 6)
      .lineTo(M + W, FOOTER_Y - 6)
      .lineWidth(0.5)
      .strokeColor('#c8cdd3')
      .stroke();
    doc.fillColor('#666').font('Helvetica').fontSize(7.5);
    doc.text(`${company.legalName} · ${L.taxId} ${company.taxId} · ${company.web}`, M, FOOTER_Y, {
      width: W - 120,
      lineBreak: false,
    });
    doc.text(L.page(p + 1, range.count), M + W - 120, FOOTER_Y, { width: 120, align: 'right', lineBreak: false });
  }
  doc.end();
  return done;
}
