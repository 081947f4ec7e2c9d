import { type StatsKind, statsCalls } from '@portal/contract/stats';
import { useMutation } from '@tanstack/react-query';
import { callUrl } from '@/lib/call';
import { fetchFile, saveBlob } from '@/lib/download';
import type { StatsParams } from './get-stats-grid';

/** The screen's rows (all of them) as an Excel workbook, saved by the browser. */
export async function exportStats(kind: StatsKind, params: StatsParams): Promise<string> {
  const { blob, name } = await fetchFile(
    callUrl(statsCalls.export, { query: { ...params, periodo_cod: params.periodo_cod, kind } }),
    `estadisticas-${kind}.xlsx`,
  );
  saveBlob(blob, name);
  return name;
}

export function useExportStats() {
  return useMutation({
    mutationFn: ({ kind, params }: { kind: StatsKind; params: StatsParams }) => exportStats(kind, params),
  });
}
