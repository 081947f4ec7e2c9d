import { documentCalls as c } from '@portal/contract/documents';
import { callKey } from '../call';

/** Query keys shared by the document screens (orders, web orders, invoices, packing slips): filter options. */
export const documentKeys = {
  stores: () => callKey(c.storesFilter),
  dlvModes: () => callKey(c.dlvModesFilter),
};
