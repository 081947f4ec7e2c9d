import { displayDocumentId } from '@portal/contract/sales';
import PDFDocument from 'pdfkit';
import { moneyText } from './money-text.ts';

export type CreditNoteData = {
  creditNoteId: string;
  returnSalesId: string;
  refundId: number;
  clientId: string;
  amount: string;
  date: Date;
  lines: { item_id: string; name: string; quantity: number }[];
};

/** The demo ERP's credit note as a one-page PDF (a real ERP answers its own document). */
export function creditNoteDocument(data: CreditNoteData): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: 50,
    info: { Title: `Abono ${displayDocumentId(data.creditNoteId)}` },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc
    .font('Helvetica-Bold')
    .fontSize(18)
    .text(`Abono ${displayDocumentId(data.creditNoteId)}`);
  doc.moveDown(0.5).font('Helvetica').fontSize(10);
  doc.text(`Fecha: ${data.date.toISOString().slice(0, 10)}`);
  doc.text(`Cliente: ${data.clientId}`);
  doc.text(`Devolución: ${data.refundId}   Pedido de devolución: ${displayDocumentId(data.returnSalesId)}`);
  doc.moveDown();
  const row = (cells: [string, string, string]) => {
    const y = doc.y;
    doc.text(cells[0], 50, y, { width: 115 });
    const after = doc.y;
    doc.text(cells[1], 170, y, { width: 290 });
    const below = Math.max(after, doc.y);
    doc.text(cells[2], 470, y, { width: 75, align: 'right' });
    doc.y = Math.max(below, doc.y);
  };
  doc.font('Helvetica-Bold');
  row(['Referencia', 'Descripción', 'Cantidad']);
  doc.font('Helvetica');
  for (const line of data.lines) row([line.item_id, line.name, String(line.quantity)]);
  doc
    .moveDown()
    .font('Helvetica-Bold')
    .text(`Importe abonado: ${moneyText(Number(data.amount))}`, 50);
  doc.end();
  return done;
}
