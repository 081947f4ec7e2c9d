// The spreadsheets' defence against formula injection, shared by every area that writes a workbook (reports,
// logs, stats).

/**
 * A text that a spreadsheet would run as a formula once edited (or that a CSV export would turn into one): it
 * starts with = + - @, a tab or a carriage return (DESIGN §5).
 */
export function isRiskyText(value: string): boolean {
  return /^[=+\-@\t\r]/.test(value);
}

/**
 * Excel's Text number format. A risky text is written as it is, in a string cell (never a formula), with this
 * format: Excel shows it without any visible mark and keeps it text when a user edits the cell. (The quote-prefix
 * style would do the same, but exceljs 4 neither writes nor reads it.)
 */
export const TEXT_FORMAT = '@';
