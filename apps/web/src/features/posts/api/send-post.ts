import type { LanguageKey } from '@portal/contract/constants';
import { postCalls } from '@portal/contract/posts-calls';
import { useMutation } from '@tanstack/react-query';
import { call } from '@/lib/call';

/** Queues the post as an HTML e-mail; a 400 is shown by the dialog. */
export function sendPost(id: number, email: string, lang: LanguageKey) {
  return call(postCalls.send, { params: { id }, body: { email, lang } }, { silent: [400] });
}

export function useSendPostMutation() {
  return useMutation({
    mutationFn: ({ id, email, lang }: { id: number; email: string; lang: LanguageKey }) => sendPost(id, email, lang),
  });
}
