import type { Brand } from '@portal/contract/brands';
import type { FinishCheckoutResponse } from '@portal/contract/cart';
import PDFDocument from 'pdfkit';
import { BUSINESS_TIME_ZONE } from '../../lib/business-time.ts';
import { moneyText } from '../../lib/money-text.ts';
import { percent, type Snapshot, sum } from './checkout-snapshot.ts';

const money = (text: string) => moneyText(Number(text));
export const RECEIPT_FOOTER = 'Este documento no tiene validez fiscal. Justificante de compra del portal profesional.';

type ReceiptData = {
  brand: Brand;
  snapshot: Snapshot;
  result: FinishCheckoutResponse;
  client: { accountnum: string; name: string } | null;
  user: { username: string } | null;
  finishedAt: Date;
};

/**
 * The purchase receipt of a finished checkout: the brand's company block, the client, one section per
 * store with its web order, delivery and payment, the lines, totals, and a footer on every page saying
 * the document has no tax validity (spec part 1 §9).
 */
export function receiptPdf(d: ReceiptData): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: 50, bottom: 70, left: 50, right: 50 },
    bufferPages: true,
    compress: true,
  });
  doc.info.Title = `Justificante de compra ${d.result.salestableid}`;
  doc.info.Author = d.brand.company.legalName;
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
  const { company, colors } = d.brand;
  const width = doc.page.width - 100;

  doc.fillColor(colors.header).font('Helvetica-Bold').fontSize(16).text(company.legalName, 50, 50);
  doc.fillColor('#333').font('Helvetica').fontSize(9);
  doc.text(`${company.address} · ${company.zipcode} ${company.city} · ${company.country}`);
  doc.text(`CIF ${company.taxId} · Tel. ${company.phone} · ${company.email} · ${company.web}`);
  doc.moveDown(1.2);
  doc.fillColor('#000').font('Helvetica-Bold').fontSize(14).text('Justificante de compra');
  doc.font('Helvetica').fontSize(10);
  doc.text(
    `Carrito ${d.result.salestableid} · ${d.finishedAt.toLocaleString('es-ES', { timeZone: BUSINESS_TIME_ZONE })}`,
  );
  if (d.result.tarjetaid !== '0') doc.text(`Pago con tarjeta, operación ${d.result.tarjetaid}`);
  if (d.client) doc.text(`Cliente: ${d.client.accountnum} · ${d.client.name}`);
  if (d.user) doc.text(`Usuario: ${d.user.username}`);

  const cols = [
    { title: 'Referencia', x: 50, w: 90, align: 'left' as const },
    { title: 'Descripción', x: 140, w: 200, align: 'left' as const },
    { title: 'Cant.', x: 340, w: 40, align: 'right' as const },
    { title: 'Precio neto', x: 385, w: 75, align: 'right' as const },
    { title: 'Importe', x: 465, w: 80, align: 'right' as const },
  ];
  const row = (values: string[], bold = false) => {
    if (doc.y > doc.page.height - 110) doc.addPage();
    const y = doc.y;
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(9);
    let bottom = y;
    cols.forEach((c, i) => {
      doc.text(values[i] ?? '', c.x, y, { width: c.w, align: c.align });
      bottom = Math.max(bottom, doc.y);
    });
    doc.x = 50;
    doc.y = bottom + 3;
  };

  for (const l of d.snapshot.locations) {
    const order = d.result.weborders.find((o) => o.id_almacen === l.storeId);
    doc.moveDown(1);
    if (doc.y > doc.page.height - 160) doc.addPage();
    doc.x = 50;
    doc.fillColor(colors.primary).font('Helvetica-Bold').fontSize(11);
    doc.text(`${l.storeName}${order ? ` · pedido web ${order.id}` : ''}`, { width });
    doc.fillColor('#000').font('Helvetica').fontSize(9);
    const address = [l.deliveryName, l.street, [l.zipcode, l.city].filter(Boolean).join(' '), l.country]
      .filter(Boolean)
      .join(', ');
    doc.text(`Entrega: ${l.dlvModeName} · ${address}`, { width });
    doc.text(
      `Pago: ${l.paymentMethodName} · Su referencia: ${l.custRef}${l.webObs ? ` · Observaciones: ${l.webObs}` : ''}`,
      { width },
    );
    doc.moveDown(0.4);
    row(
      cols.map((c) => c.title),
      true,
    );
    doc
      .moveTo(50, doc.y - 2)
      .lineTo(545, doc.y - 2)
      .strokeColor('#999')
      .stroke();
    for (const x of l.lines) row([x.ref, x.description, String(x.quantity), money(x.net), money(x.netAmount)]);
    if (l.vatAmount === undefined) row(['', 'Total del almacén', '', '', money(l.netAmount)], true);
    else {
      // Base, VAT and total of the store, as charged (decision 0019).
      row(['', 'Base imponible', '', '', money(l.netAmount)]);
      row(['', `IVA ${percent(l.vatRateBp ?? 0)} %`, '', '', money(l.vatAmount)]);
      row(['', 'Total del almacén (IVA incluido)', '', '', money(l.totalAmount ?? l.netAmount)], true);
    }
  }

  const list = sum(d.snapshot.locations.map((l) => l.listAmount));
  const net = sum(d.snapshot.locations.map((l) => l.netAmount));
  doc.moveDown(1);
  doc.x = 50;
  doc.font('Helvetica-Bold').fontSize(10);
  doc.text(`Importe a precio de tarifa: ${money(list)}`, { width, align: 'right' });
  if (d.snapshot.locations.some((l) => l.vatAmount === undefined)) {
    // A checkout stored before VAT was recorded (migration 0015).
    doc.text(`Importe neto: ${money(net)} (IVA no incluido)`, { width, align: 'right' });
  } else {
    doc.text(`Base imponible: ${money(net)}`, { width, align: 'right' });
    doc.text(`IVA: ${money(sum(d.snapshot.locations.map((l) => l.vatAmount ?? '0')))}`, { width, align: 'right' });
    doc.text(`Total (IVA incluido): ${money(sum(d.snapshot.locations.map((l) => l.totalAmount ?? l.netAmount)))}`, {
      width,
      align: 'right',
    });
    if (d.snapshot.vatExemptReason) {
      doc.font('Helvetica').fontSize(9).text(`Exento de IVA: ${d.snapshot.vatExemptReason}`, { width, align: 'right' });
    }
  }

  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc.font('Helvetica').fontSize(8).fillColor('#555');
    doc.text(RECEIPT_FOOTER, 50, doc.page.height - 50, { width, align: 'center' });
    doc.text(`Página ${i - range.start + 1} de ${range.count}`, 50, doc.page.height - 38, { width, align: 'center' });
    doc.page.margins.bottom = bottom;
  }
  doc.end();
  return done;
}
