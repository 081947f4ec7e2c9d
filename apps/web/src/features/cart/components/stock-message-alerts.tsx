import type { CartLine } from '@portal/contract/cart';
import { Alert } from 'antd';
import type { StockMessage } from '../api/get-messages-by-user';
import { messagesForChosenStores } from '../cart-state';

/** The message of each store chosen on a line, for goods travelling to the caller's home store. */
export function StockMessageAlerts({ lines, messages }: { lines: CartLine[]; messages: StockMessage[] }) {
  const shown = messagesForChosenStores(lines, messages);
  if (shown.length === 0) return null;
  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 8 }} data-testid="stock-messages">
      {shown.map((m) => (
        <Alert key={m.id} type="info" showIcon title={m.origenNombre} description={m.mensaje} />
      ))}
    </div>
  );
}
