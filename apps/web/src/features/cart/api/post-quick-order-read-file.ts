import { quickOrderCalls } from '@portal/contract/quick-order';
import { useMutation } from '@tanstack/react-query';
import { callUrl } from '@/lib/call';
import { uploadWithProgress } from '@/lib/upload';

/** POST /api/quickorder/readfile: a CSV or XLSX file as text (its first sheet, cells joined by tabs). */
export async function postQuickOrderReadFile(file: File): Promise<{ text: string; rows: number }> {
  const answer = await uploadWithProgress(callUrl(quickOrderCalls.readFile), [file], () => {});
  return quickOrderCalls.readFile.response.parse(JSON.parse(answer));
}

export function useQuickOrderReadFile() {
  return useMutation({ mutationFn: postQuickOrderReadFile });
}
