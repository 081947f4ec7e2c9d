import { logsCalls } from '@portal/contract/logs-calls';
import { useMutation } from '@tanstack/react-query';
import { callUrl } from '@/lib/call';
import type { GridParams } from '@/lib/documents/grid-state';
import { fetchFile, saveBlob } from '@/lib/download';
import { currentLanguage } from '@/lib/i18n';

export type LogKind = 'userlog' | 'logdocument';
const CALLS = { userlog: logsCalls.userLogsExcel, logdocument: logsCalls.documentLogsExcel } as const;

/** A log's Excel export: the rows the grid's filters select, in its order, saved as an .xlsx file. */
export async function downloadLogExcel(kind: LogKind, params: GridParams): Promise<string> {
  const url = callUrl(CALLS[kind], {
    query: {
      sidx: params.sidx,
      sord: params.sord,
      _search: params._search,
      filters: params.filters || undefined,
      lang: currentLanguage(),
    },
  });
  const { blob, name } = await fetchFile(url, `${kind}.xlsx`);
  saveBlob(blob, name);
  return name;
}

export function useLogExcel(kind: LogKind) {
  return useMutation({ mutationFn: (params: GridParams) => downloadLogExcel(kind, params) });
}
