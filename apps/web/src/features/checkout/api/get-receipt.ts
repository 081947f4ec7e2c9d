import { checkoutCalls } from '@portal/contract/checkout-calls';
import { useMutation } from '@tanstack/react-query';
import { isApiError } from '@/lib/api-error';
import { callUrl } from '@/lib/call';
import { fetchFile, saveBlob } from '@/lib/download';
import { showErrorPopup } from '@/lib/error-popup';

/**
 * The purchase receipt PDF (tarjetaId '0' without a card). Fetched with the bearer token (one refresh on a 401) so
 * that the file name of Content-Disposition is kept. A refusal shows its popup; a failed connection is only thrown.
 */
export async function getReceipt(tarjetaId: string, cartId: number): Promise<{ blob: Blob; name: string }> {
  const url = callUrl(checkoutCalls.receipt, { params: { tarjetaId, cartId } });
  try {
    return await fetchFile(url, `justificante-${cartId}.pdf`, { accept: 'application/pdf' });
  } catch (error) {
    if (isApiError(error) && error.status > 0) showErrorPopup(error);
    throw error;
  }
}

export function useDownloadReceipt() {
  return useMutation({
    mutationFn: async ({ tarjetaId, cartId }: { tarjetaId: string; cartId: number }) => {
      const { blob, name } = await getReceipt(tarjetaId, cartId);
      saveBlob(blob, name);
      return name;
    },
  });
}
