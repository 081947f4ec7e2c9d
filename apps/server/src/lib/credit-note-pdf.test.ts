import { PDFParse } from 'pdf-parse';
import { describe, expect, it } from 'vitest';
import { creditNoteDocument } from './credit-note-pdf.ts';

const textOf = async (amount: string) => {
  const pdf = await creditNoteDocument({
    creditNoteId: '41AB0000007',
    returnSalesId: '41RD0000007',
    refundId: 7,
    clientId: 'C00001',
    amount,
    date: new Date('2026-03-05T10:00:00Z'),
    lines: [{ item_id: 'FIL-001', name: 'Filtro de aceite', quantity: 2 }],
  });
  const parser = new PDFParse({ data: new Uint8Array(pdf) });
  const text = (await parser.getText()).text;
  await parser.destroy();
  return text;
};

describe('the built-in ERP’s credit note PDF', () => {
  it('writes its ids without the 41 and its amount as the other documents write euros in Spanish', async () => {
    const text = await textOf('1234.5');
    expect(text).toContain('Abono AB0000007');
    expect(text).toContain('Pedido de devolución: RD0000007');
    expect(text).toContain('Importe abonado: 1234,50 €');
    // Thousands are grouped from five digits on, as in the receipt and the report PDFs (es-ES).
    expect(await textOf('12345.60')).toContain('Importe abonado: 12.345,60 €');
  });
});
