import { documentCalls } from '@portal/contract/documents';
import { type ApiError, isApiError } from '../api-error';
import { getAuth } from '../auth-storage';
import { call } from '../call';
import { fetchFile, saveBlob } from '../download';
import { showErrorPopup } from '../error-popup';
import { currentLanguage } from '../i18n';

/** The spec's report names (tipoInforme): orders, packing slips (delivery notes), invoices. */
export type ReportKind = 'pedido' | 'albaran' | 'factura';
export type ReportFormat = 'pdf' | 'excel';

/** The message of the daily download limit (spec part 2 §8). */
export const NO_MORE_DOWNLOADS = 'NoMoreDownDocs';

/**
 * The call that answers the document's `{url}` (spec part 2 §7): orders GET and invoices POST printreport
 * (tipoInforme, tipoFormato); packing slips GET CheckReport (tipoformato, tipoinforme, lang, userName). The daily
 * limit is left to the caller (silent 429).
 */
export function requestReportUrl(kind: ReportKind, id: string, format: ReportFormat) {
  const lang = currentLanguage();
  const options = { silent: [429] };
  if (kind === 'albaran') {
    return call(
      documentCalls.checkReport,
      {
        params: { reportId: id },
        query: { tipoformato: format, tipoinforme: kind, lang, userName: getAuth()?.userName },
      },
      options,
    );
  }
  const query = { tipoInforme: kind, tipoFormato: format, lang };
  return kind === 'factura'
    ? call(documentCalls.printReportPost, { params: { id }, query, body: undefined }, options)
    : call(documentCalls.printReport, { params: { id }, query }, options);
}

/** Whether a refusal is the daily download limit. */
export function isDownloadLimit(error: unknown): error is ApiError {
  return isApiError(error) && (error.status === 429 || error.body?.message === NO_MORE_DOWNLOADS);
}

const EXTENSION: Record<ReportFormat, string> = { pdf: 'pdf', excel: 'xlsx' };

/**
 * Asks for the document's URL, downloads it with the bearer token and saves it under the name the server
 * gives. The daily limit is thrown for the caller to show; other refusals show the usual popups.
 */
export async function downloadReport(kind: ReportKind, id: string, format: ReportFormat): Promise<string> {
  const { url } = await requestReportUrl(kind, id, format);
  try {
    const { blob, name } = await fetchFile(url, `${kind}-${id.replace(/[^\w.-]+/g, '_')}.${EXTENSION[format]}`);
    saveBlob(blob, name);
    return name;
  } catch (error) {
    if (isApiError(error) && !isDownloadLimit(error)) showErrorPopup(error);
    throw error;
  }
}
