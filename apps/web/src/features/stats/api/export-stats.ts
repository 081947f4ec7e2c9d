import type { StatsKind } from '@portal/contract/stats';
import { useMutation } from '@tanstack/react-query';
import { buildUrl } from '@/lib/api-client';
import { fetchFile, saveBlob } from '@/lib/download';
import type { StatsParams } from './get-stats-grid';

/** GET /api/instats/export: the screen's rows (all of them) as an Excel workbook, saved by the browser. */
export async function exportStats(kind: StatsKind, params: StatsParams): Promise<string> {
  const { blob, name } = await fetchFile(
    buildUrl('/api/instats/export', { ...params, kind }),
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
