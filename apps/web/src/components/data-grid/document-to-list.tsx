import type { ReorderKind } from '@portal/contract/quick-order';
import { AddToList } from '@/components/add-to-list';
import { useUser } from '@/lib/current-user';

/**
 * "Añadir a una lista" in a document's corner, beside "Volver a pedir" (issue 26; decision 0086): the document's lines,
 * all or those chosen, into one of the client's lists or a new one. Shown only to users who may buy, as reorder is.
 */
export function DocumentToList({ kind, id }: { kind: ReorderKind; id: string }) {
  const { data: user } = useUser();
  if (!user?.permitirCompras) return null;
  return <AddToList compact document={{ kind, id }} />;
}
