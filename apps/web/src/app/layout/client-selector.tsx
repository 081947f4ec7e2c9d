import { CartClientBar } from '@/features/cart/components/cart-client-bar';

/**
 * Web context 2: the client the cart is for, in the header, for staff who may buy for several clients
 * (nothing is drawn when the caller has only their own client).
 */
export function ClientSelector() {
  return <CartClientBar style={{ background: '#ffffff', color: '#1d2733', borderRadius: 6, padding: '2px 8px' }} />;
}
