import { useMutation } from '@tanstack/react-query';
import type { GridParams } from '@/lib/documents/grid-state';
import { fetchFile, saveBlob } from '@/lib/download';
import { currentLanguage } from '@/lib/i18n';

export type LogKind = 'userlog' | 'logdocument';
const URLS: Record<LogKind, string> = {
  userlog: '/api/inuser/GetUserLogsExcel',
  logdocument: '/api/insettings/GetLogDocumentsExcel',
};

/** GET …Excel of a log: the rows the grid's filters select, in its order, saved as an .xlsx file. */
export async function downloadLogExcel(kind: LogKind, params: GridParams): Promise<string> {
  const query = new URLSearchParams({ sidx: params.sidx, sord: params.sord, lang: currentLanguage() });
  if (params.filters) query.set('filters', params.filters);
  const { blob, name } = await fetchFile(`${URLS[kind]}?${query}`, `${kind}.xlsx`);
  saveBlob(blob, name);
  return name;
}

export function useLogExcel(kind: LogKind) {
  return useMutation({ mutationFn: (params: GridParams) => downloadLogExcel(kind, params) });
}
