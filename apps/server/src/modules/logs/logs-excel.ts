import { PassThrough } from 'node:stream';
import type { LanguageKey } from '@portal/contract/constants';
import ExcelJS from 'exceljs';
import { isRiskyText, TEXT_FORMAT } from '../../lib/excel-text.ts';

/** One column of an exported log: its title per language, the row field, the width, and how a value shows. */
export type ExportColumn<Row> = {
  title: Record<LanguageKey, string>;
  value: (row: Row) => string | number | Date | null;
  width: number;
  numFmt?: string;
};

const BATCH = 5000;

/** Reads the rows `offset` to `offset + limit` of what is exported, in its order (logs.repository.ts: `gridBatch`). */
export type ReadBatch<Row> = (limit: number, offset: number) => Promise<Row[]>;

/**
 * The filtered rows of a log grid as a workbook, streamed as it is written (sheet rows are committed in batches
 * of 5,000 read in the grid's order by `readBatch`): memory stays flat whatever the number of rows, up to `max`.
 * Texts are string cells, the risky ones (= + - @) in the Text format; nothing is a formula (DESIGN §5).
 */
export function streamLogXlsx<Row>(
  readBatch: ReadBatch<Row>,
  options: { sheet: string; columns: ExportColumn<Row>[]; lang: LanguageKey; max: number },
): PassThrough {
  const out = new PassThrough();
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  const ws = wb.addWorksheet(options.sheet, { views: [{ state: 'frozen', ySplit: 1 }] });
  ws.columns = options.columns.map((c, i) => ({ header: c.title[options.lang], key: String(i), width: c.width }));
  ws.getRow(1).font = { bold: true };

  const run = async () => {
    for (let offset = 0; offset < options.max; offset += BATCH) {
      const limit = Math.min(BATCH, options.max - offset);
      const rows = await readBatch(limit, offset);
      for (const row of rows) {
        const added = ws.addRow(options.columns.map((c) => c.value(row)));
        options.columns.forEach((c, i) => {
          const cell = added.getCell(i + 1);
          if (c.numFmt) cell.numFmt = c.numFmt;
          else if (typeof cell.value === 'string' && isRiskyText(cell.value)) cell.numFmt = TEXT_FORMAT;
        });
        added.commit();
      }
      if (rows.length < limit) break;
    }
    ws.commit();
    await wb.commit();
  };
  run().catch((error: unknown) => out.destroy(error as Error));
  return out;
}
