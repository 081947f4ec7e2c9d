import ExcelJS from 'exceljs';
import PDFDocument from 'pdfkit';
import type { Storage } from '../../lib/storage/storage.ts';
import type { Db } from '../client.ts';
import { getSetting, setSetting } from '../settings.ts';

/** The folder of the large-scale seed that holds 5,000 files (the bench lists it). */
export const LARGE_FOLDER = 'Histórico/Albaranes escaneados';
export const LARGE_FOLDER_FILES = 5000;

const MAX = 50 * 1024 * 1024;

function pdf(title: string, lines: string[]): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A4', margin: 50, compress: true, info: { Title: title } });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
  doc.font('Helvetica-Bold').fontSize(16).text(title);
  doc.moveDown();
  doc.font('Helvetica').fontSize(11);
  for (const line of lines) doc.text(line);
  doc.end();
  return done;
}

async function workbook(sheet: string, header: string[], rows: (string | number)[][]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  book.created = new Date('2026-01-15T09:00:00Z');
  const ws = book.addWorksheet(sheet);
  ws.addRow(header).font = { bold: true };
  for (const r of rows) ws.addRow(r);
  ws.columns.forEach((c) => {
    c.width = 18;
  });
  return Buffer.from(await book.xlsx.writeBuffer());
}

const csv = (header: string[], rows: (string | number)[][]) =>
  Buffer.from(`${[header, ...rows].map((r) => r.join(';')).join('\n')}\n`, 'utf8');

const FAMILIES = ['Frenos', 'Filtros', 'Embrague', 'Suspensión', 'Iluminación', 'Lunas'];
const priceRows = (n: number) =>
  Array.from({ length: n }, (_, i) => [
    `REF-${String(1000 + i * 7)}`,
    `${FAMILIES[i % FAMILIES.length]} ${i + 1}`,
    Number((4.5 + ((i * 37) % 400) / 3).toFixed(2)),
  ]);

/** The large scale's folder of 5,000 small CSV files (the bench lists it). */
export async function seedLargeFolder(library: Storage): Promise<void> {
  for (let i = 1; i <= LARGE_FOLDER_FILES; i++) {
    const n = String(i).padStart(5, '0');
    await library.put(`${LARGE_FOLDER}/Albarán ${n}.csv`, csv(['Albarán', 'Línea'], [[n, 1]]), {
      contentType: 'text/csv; charset=utf-8',
      maxBytes: MAX,
    });
  }
}

/**
 * The demo tree of the file library (decision 0027): catalogues (PDF), price lists (xlsx and csv), technical
 * sheets and a nested folder, made with pdfkit and exceljs; at large scale also a folder of 5,000 small files.
 * Seeded once (setting `seed.library`), so that what an administrator deletes stays deleted after a restart.
 */
export async function seedLibrary(db: Db, library: Storage, scale: 'demo' | 'large' = 'demo'): Promise<boolean> {
  const done = await getSetting(db, 'seed.library');
  if (done === scale || done === 'large') return false;
  const put = async (path: string, content: Buffer, contentType: string) =>
    library.put(path, content, { contentType, maxBytes: MAX });
  const PDF = 'application/pdf';
  const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
  const CSV = 'text/csv; charset=utf-8';
  if (!done) {
    await put(
      'Catálogos/Catálogo general 2026.pdf',
      await pdf('Catálogo general 2026', [
        'Recambios de frenos, filtros, embrague y suspensión.',
        'Documento de demostración.',
      ]),
      PDF,
    );
    await put(
      'Catálogos/Catálogo de lunas.pdf',
      await pdf('Catálogo de lunas', ['Parabrisas, lunas laterales y traseras con su código EUROCODE.']),
      PDF,
    );
    await put(
      'Tarifas/Tarifa 2026.xlsx',
      await workbook('Tarifa', ['Referencia', 'Descripción', 'PVP (€)'], priceRows(60)),
      XLSX,
    );
    await put('Tarifas/Tarifa 2026.csv', csv(['Referencia', 'Descripción', 'PVP'], priceRows(60)), CSV);
    await put(
      'Tarifas/Promociones/Promoción primavera.xlsx',
      await workbook(
        'Promoción',
        ['Referencia', 'Descuento (%)'],
        priceRows(12).map((r) => [r[0]!, 10]),
      ),
      XLSX,
    );
    for (const family of ['Frenos', 'Filtros', 'Embrague']) {
      await put(
        `Fichas técnicas/${family}/Ficha técnica ${family.toLowerCase()}.pdf`,
        await pdf(`Ficha técnica: ${family}`, ['Características, par de apriete y recomendaciones de montaje.']),
        PDF,
      );
    }
    await put(
      'Léame.txt',
      Buffer.from('Biblioteca de documentos del portal profesional.\n', 'utf8'),
      'text/plain; charset=utf-8',
    );
  }
  if (scale === 'large') await seedLargeFolder(library);
  await setSetting(db, 'seed.library', scale);
  return true;
}
