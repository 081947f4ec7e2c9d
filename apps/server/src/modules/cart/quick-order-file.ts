import { QUICK_ORDER, QUICK_ORDER_KEYS } from '@portal/contract/quick-order';
import ExcelJS from 'exceljs';
import { AppError } from '../../plugins/errors.ts';

/** Rows read from a sheet at most: far past the lines one call resolves, so that a huge sheet stops early. */
const MAX_SHEET_ROWS = 5_000;

const refused = () => new AppError(415, QUICK_ORDER_KEYS.fileType);

/** An XLSX file's first sheet as lines of text, its cells joined by tabs (the form the parser reads). */
async function sheetText(bytes: Buffer): Promise<string[]> {
  const book = new ExcelJS.Workbook();
  try {
    await book.xlsx.load(bytes as unknown as ArrayBuffer);
  } catch {
    throw refused();
  }
  const sheet = book.worksheets[0];
  if (!sheet) return [];
  const lines: string[] = [];
  sheet.eachRow({ includeEmpty: false }, (row) => {
    if (lines.length >= MAX_SHEET_ROWS) return;
    const cells: string[] = [];
    row.eachCell({ includeEmpty: true }, (cell, col) => {
      cells[col - 1] = cell.text.replace(/[\t\r\n]+/g, ' ').trim();
    });
    lines.push(Array.from(cells, (c) => c ?? '').join('\t'));
  });
  return lines;
}

/**
 * An uploaded list as text (issue 26): an XLSX file (recognised by its bytes: a ZIP) gives its first sheet; any
 * other file must be text (UTF-8, else Windows-1252, as spreadsheets save CSV). Anything else is refused (415).
 */
export async function quickOrderFileText(bytes: Buffer): Promise<{ text: string; rows: number }> {
  if (bytes.length > QUICK_ORDER.maxFileBytes) throw new AppError(413, QUICK_ORDER_KEYS.fileTooLarge);
  if (bytes.length === 0) throw new AppError(400, QUICK_ORDER_KEYS.empty);
  let lines: string[];
  if (bytes.subarray(0, 4).equals(Buffer.from([0x50, 0x4b, 0x03, 0x04]))) lines = await sheetText(bytes);
  else {
    if (bytes.includes(0)) throw refused();
    let text: string;
    try {
      text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    } catch {
      text = new TextDecoder('windows-1252').decode(bytes);
    }
    lines = text.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/);
  }
  while (lines.length > 0 && lines[lines.length - 1]!.trim() === '') lines.pop();
  return { text: lines.join('\n'), rows: lines.length };
}
