import type { LanguageKey } from '@portal/contract/constants';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** POST /api/inpost/sendpostbyemail/{id}: queues the post as an HTML e-mail; a 400 is shown by the dialog. */
export function sendPost(id: number, email: string, lang: LanguageKey): Promise<{ message: string; id_post: number }> {
  return apiRequest(`/api/inpost/sendpostbyemail/${id}`, { method: 'POST', json: { email, lang }, silent: [400] });
}

export function useSendPostMutation() {
  return useMutation({
    mutationFn: ({ id, email, lang }: { id: number; email: string; lang: LanguageKey }) => sendPost(id, email, lang),
  });
}
