import { PackingSlipsScreen } from '@/features/packingslips/routes/packing-slips';
import { PackingSlipLineReturn } from '@/features/refunds/components/return-line-action';

/** /packingslip: the packing slips with the returns area's Devolver button on each line (the app composes them). */
export default function PackingSlipsWithReturns() {
  return <PackingSlipsScreen LineAction={PackingSlipLineReturn} />;
}
