// @vitest-environment jsdom
import {
  type AddressListResponse,
  type CheckoutLocation,
  type DlvModesResponse,
  PAYMENT_CHANNEL,
  type PaymentMethodsResponse,
} from '@portal/contract/cart';
import type { QueryClient } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { addTexts, renderWithProviders, testQueryClient } from '@/test/render';
import { dlvModesQueryOptions } from '../api/get-dlv-modes-list';
import { draftFromLocation, type LocationDraft } from '../checkout-state';
import { LocationCard } from './location-card';

/**
 * One store of the checkout as the screen holds it: the card edits a draft (what the user changed, `onChange`, and
 * what the card itself settled, `onAdjust`); the store's delivery modes are the query data the test sets.
 */
const STORE = 'ALM01';
const ADDRESS = 5;
const location: CheckoutLocation = {
  id_almacen: STORE,
  nombre: 'Madrid Norte',
  items: [{ namealias: 'FLT-100', name: 'Oil filter', qty: 2 }],
  dir: ADDRESS,
  dlvmode: null,
  paymentmethod: null,
  cust_ref: '',
  web_obs: '',
  hasalternativeaddress: false,
  alternativeaddressdata: { name: '', address: '', city: '', zipcode: '', countryregionid: '' },
  ismylocation: false,
  salestableid: 1,
  listAmount: 20,
  netAmount: 16,
  vatRate: 21,
  vatAmount: 3.36,
  totalAmount: 19.36,
};
const addresses: AddressListResponse = { selected: ADDRESS, addrlist: [{ id: ADDRESS, label: 'Calle Mayor 1' }] };
const payments: PaymentMethodsResponse = {
  availablemethods: [
    { id: 1, paymentmodelabel: 'Transfer', channel: PAYMENT_CHANNEL.cash },
    { id: 2, paymentmodelabel: 'Card', channel: PAYMENT_CHANNEL.card },
  ],
  default: 1,
};
const atAddress: DlvModesResponse = {
  selected: 'PICKUP',
  dlvmodes: [
    { id: 'PICKUP', label: 'Pickup in store' },
    { id: 'VAN', label: 'Our van' },
  ],
};
const parcelOnly: DlvModesResponse = { selected: 'PARCEL', dlvmodes: [{ id: 'PARCEL', label: 'Parcel carrier' }] };

function Store({ start, locked = false }: { start: Partial<LocationDraft>; locked?: boolean }) {
  const [draft, setDraft] = useState<LocationDraft>({ ...draftFromLocation(location), ...start });
  const apply = (patch: Partial<LocationDraft>) => setDraft((d) => ({ ...d, ...patch }));
  return (
    <LocationCard
      index={0}
      location={location}
      draft={draft}
      issues={{}}
      addresses={addresses}
      payments={payments}
      locked={locked}
      busy={false}
      onChange={apply}
      onAdjust={apply}
    />
  );
}

function withModes(): QueryClient {
  const client = testQueryClient();
  client.setQueryData(dlvModesQueryOptions(STORE, ADDRESS, false).queryKey, atAddress);
  client.setQueryData(dlvModesQueryOptions(STORE, null, true).queryKey, parcelOnly);
  return client;
}

beforeEach(() =>
  addTexts({
    UI_Checkout_OtherStore: 'Not your store',
    UI_Checkout_AlternativeAddress: 'Deliver to another address',
    UI_Checkout_Address: 'Delivery address',
    UI_Checkout_DlvMode: 'Delivery mode',
    UI_Checkout_PaymentMethod: 'Payment method',
    UI_Checkout_CustRef: 'Your reference',
    UI_Checkout_CardHint: "You will pay on the bank's page.",
    UI_Checkout_DlvModeChanged: '“{{from}}” is not offered for this address: the delivery mode is now “{{to}}”.',
    UI_Checkout_DlvModeChangedAlt: '“{{from}}” does not deliver to another address: the delivery mode is now “{{to}}”.',
    UI_Checkout_DlvModeRestored: 'Without the other address, the delivery mode is “{{to}}” again.',
  }),
);

/** The option a select shows as chosen (Ant Design titles it with its label). */
const chosen = (label: string) => screen.queryByTitle(label);

describe('checkout location card', () => {
  it('names the store, says it is not the buyer’s, and lists its items', () => {
    renderWithProviders(<Store start={{}} />, { client: withModes() });
    expect(screen.getByText('Madrid Norte')).toBeTruthy();
    expect(screen.getByText('Not your store')).toBeTruthy();
    expect(screen.getByText('FLT-100')).toBeTruthy();
    expect(chosen('Calle Mayor 1')).toBeTruthy();
  });

  it('fills an empty delivery mode with the store’s default, saying nothing', async () => {
    renderWithProviders(<Store start={{}} />, { client: withModes() });
    await waitFor(() => expect(chosen('Pickup in store')).toBeTruthy());
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('replaces a mode the address does not offer, and says which by which', async () => {
    renderWithProviders(<Store start={{ dlvmode: 'COURIER' }} />, { client: withModes() });
    expect((await screen.findByRole('status')).textContent).toBe(
      '“COURIER” is not offered for this address: the delivery mode is now “Pickup in store”.',
    );
    expect(chosen('Pickup in store')).toBeTruthy();
  });

  it('keeps a chosen mode the address offers', async () => {
    renderWithProviders(<Store start={{ dlvmode: 'VAN' }} />, { client: withModes() });
    expect(await screen.findByTitle('Our van')).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('another address takes a parcel carrier, and going back brings the chosen mode back', async () => {
    renderWithProviders(<Store start={{ dlvmode: 'VAN' }} />, { client: withModes() });
    await screen.findByTitle('Our van');
    const user = userEvent.setup();
    const alternative = screen.getByRole('switch', { name: 'Deliver to another address' });
    await user.click(alternative);
    expect((await screen.findByRole('status')).textContent).toBe(
      '“Our van” does not deliver to another address: the delivery mode is now “Parcel carrier”.',
    );
    expect(chosen('Parcel carrier')).toBeTruthy();
    expect(screen.queryByRole('combobox', { name: 'Delivery address' })).toBeNull();
    await user.click(alternative);
    await waitFor(() => expect(chosen('Our van')).toBeTruthy());
    expect(screen.getByRole('status').textContent).toBe(
      'Without the other address, the delivery mode is “Our van” again.',
    );
  });

  it('says the card is paid on the bank’s page only for a card method', () => {
    const { unmount } = renderWithProviders(<Store start={{ paymentmethod: 2 }} />, { client: withModes() });
    expect(screen.getByText("You will pay on the bank's page.")).toBeTruthy();
    unmount();
    renderWithProviders(<Store start={{ paymentmethod: 1 }} />, { client: withModes() });
    expect(screen.queryByText("You will pay on the bank's page.")).toBeNull();
  });

  it('locked to the defaults, nothing but the references can be changed', async () => {
    renderWithProviders(<Store start={{ dlvmode: 'VAN', paymentmethod: 1 }} locked />, { client: withModes() });
    // Locked, the mode is the store's default whatever the draft said.
    await waitFor(() => expect(chosen('Pickup in store')).toBeTruthy());
    expect(screen.getByRole('switch', { name: 'Deliver to another address' })).toHaveProperty('disabled', true);
    for (const name of ['Delivery address', 'Delivery mode', 'Payment method'])
      expect(screen.getByRole('combobox', { name })).toHaveProperty('disabled', true);
    expect(screen.getByRole('textbox', { name: 'Your reference' })).toHaveProperty('disabled', false);
  });
});
