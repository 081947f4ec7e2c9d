import { InvoicesScreen } from '@/features/invoices/routes/invoices';
import { InvoiceLineReturn } from '@/features/refunds/components/return-line-action';

/** /invoice: the invoices with the returns area's refund action on each line (the app composes them). */
export default function InvoicesWithReturns() {
  return <InvoicesScreen LineAction={InvoiceLineReturn} />;
}
