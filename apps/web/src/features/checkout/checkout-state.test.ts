import type { CheckoutLocation } from '@portal/contract/cart';
import { describe, expect, it } from 'vitest';
import {
  draftFromLocation,
  EMPTY_ADDRESS,
  firstIssue,
  type LocationDraft,
  mapServerIssues,
  ruleIssues,
  toLocationInput,
  visibleIssues,
  withDefaults,
} from './checkout-state';

const location: CheckoutLocation = {
  id_almacen: 'MAD01',
  nombre: 'Almacén Madrid Sur',
  items: [{ namealias: 'BOS.159-1016', name: 'Filtro', qty: 2 }],
  dir: null,
  dlvmode: null,
  paymentmethod: null,
  cust_ref: '',
  web_obs: '',
  hasalternativeaddress: false,
  alternativeaddressdata: EMPTY_ADDRESS,
  ismylocation: false,
  salestableid: 7,
  listAmount: 20,
  netAmount: 16,
  vatRate: 21,
  vatAmount: 3.36,
  totalAmount: 19.36,
};

const good: LocationDraft = {
  ...draftFromLocation(location),
  dir: 3,
  dlvmode: 'RUTA',
  paymentmethod: 1,
  cust_ref: 'OT-1',
};

describe('checkout rules per location', () => {
  it('gives the first key of each field', () => {
    expect(ruleIssues(good)).toEqual({});
    expect(ruleIssues(draftFromLocation(location))).toEqual({
      paymentmethod: 'WARN_CheckoutERR_PAYMENT',
      cust_ref: 'WARN_CheckoutERR_CUSTREF',
      dlvmode: 'WARN_CheckoutERR_DLV',
      dir: 'WARN_CheckoutERR_DLV_ADDR',
    });
    expect(ruleIssues({ ...good, cust_ref: 'a/b' }).cust_ref).toBe('WARN_CheckoutERR_CUSTREF_CHARACTERS');
    expect(ruleIssues({ ...good, cust_ref: 'x'.repeat(31) }).cust_ref).toBe('WARN_CheckoutERR_CUSTREF_LENGTH');
  });

  it('checks the alternative address instead of the address list', () => {
    const alt = { ...good, dir: null, hasalternativeaddress: true };
    expect(ruleIssues(alt)).toEqual({
      'alternativeaddressdata.address': 'WARN_CheckoutERR_DLV_CUSTOMADDR_ADDRESS',
      'alternativeaddressdata.countryregionid': 'WARN_CheckoutERR_DLV_CUSTOMADDR_COUNTRY',
      'alternativeaddressdata.city': 'WARN_CheckoutERR_DLV_CUSTOMADDR_CITY',
      'alternativeaddressdata.zipcode': 'WARN_CheckoutERR_DLV_CUSTOMADDR_ZIPCODE',
      'alternativeaddressdata.name': 'WARN_CheckoutERR_DLV_CUSTOMADDR_NAME',
    });
  });

  it('shows a rule once its field was touched or a finish was tried, else what the server said', () => {
    const draft = { ...good, cust_ref: '' };
    expect(visibleIssues(draft, new Set(), false, {})).toEqual({});
    expect(visibleIssues(draft, new Set(['cust_ref']), false, {})).toEqual({ cust_ref: 'WARN_CheckoutERR_CUSTREF' });
    expect(visibleIssues(draft, new Set(), true, {})).toEqual({ cust_ref: 'WARN_CheckoutERR_CUSTREF' });
    expect(visibleIssues(good, new Set(), false, { dlvmode: 'WARN_CheckoutERR_DLV' })).toEqual({
      dlvmode: 'WARN_CheckoutERR_DLV',
    });
  });
});

describe('defaults and what is sent', () => {
  it('fills empty fields with the defaults, and forces them when locked', () => {
    const defaults = { dir: 5, dlvmode: 'RUTA', paymentmethod: 2 };
    expect(withDefaults({ ...good, dir: null }, defaults, false)).toMatchObject({
      dir: 5,
      dlvmode: 'RUTA',
      paymentmethod: 1,
    });
    expect(withDefaults({ ...good, hasalternativeaddress: true }, defaults, true)).toMatchObject({
      dir: 5,
      dlvmode: 'RUTA',
      paymentmethod: 2,
      hasalternativeaddress: false,
    });
    expect(withDefaults(good, {}, true)).toMatchObject({ dir: 3, dlvmode: 'RUTA', paymentmethod: 1 });
  });

  it('sends the address or the alternative one, and the confirmed location', () => {
    expect(toLocationInput(location, { ...good, cust_ref: ' OT-1 ' }, true)).toMatchObject({
      id_almacen: 'MAD01',
      salestableid: 7,
      dir: 3,
      cust_ref: 'OT-1',
      hasalternativeaddress: false,
      alternativeaddressdata: EMPTY_ADDRESS,
      ismylocation: true,
    });
    const address = { name: 'Taller', address: 'Calle 1', city: 'Soria', zipcode: '42001', countryregionid: 'ES' };
    const input = toLocationInput(
      location,
      { ...good, hasalternativeaddress: true, alternativeaddressdata: address },
      false,
    );
    expect(input).toMatchObject({ dir: null, alternativeaddressdata: address, ismylocation: false });
  });
});

describe('server refusals back on the fields', () => {
  it('maps preparecheckout and finishcheckout paths to the location sent at that index', () => {
    const mapped = mapServerIssues(
      {
        message: 'WARN_CheckoutERR_CUSTREF',
        issues: [
          { path: 'cartLocations.1.cust_ref', message: 'WARN_CheckoutERR_CUSTREF' },
          { path: 'cartLocations.0.alternativeaddressdata.city', message: 'WARN_CheckoutERR_DLV_CUSTOMADDR_CITY' },
          { path: '0.dlvmode', message: 'WARN_CheckoutERR_DLV' },
        ],
      },
      ['MAD01', 'BCN01'],
    );
    expect(mapped.byLocation).toEqual({
      BCN01: { cust_ref: 'WARN_CheckoutERR_CUSTREF' },
      MAD01: { 'alternativeaddressdata.city': 'WARN_CheckoutERR_DLV_CUSTOMADDR_CITY', dlvmode: 'WARN_CheckoutERR_DLV' },
    });
    expect(mapped.general).toEqual([]);
    expect(firstIssue(['MAD01', 'BCN01'], mapped.byLocation)).toEqual({
      store: 'MAD01',
      field: 'alternativeaddressdata.city',
    });
  });

  it('keeps what belongs to no field, and indexes beyond what was sent', () => {
    expect(mapServerIssues({ message: 'WARN_PaymentNotAuthorised' }, ['MAD01'])).toEqual({
      byLocation: {},
      general: ['WARN_PaymentNotAuthorised'],
    });
    expect(
      mapServerIssues(
        {
          message: 'WARN_ValidationError',
          issues: [
            { path: 'cartLocations', message: 'WARN_CheckoutERR_CART' },
            { path: 'cartLocations.4.dir', message: 'WARN_CheckoutERR_DLV_ADDR' },
          ],
        },
        ['MAD01'],
      ).general,
    ).toEqual(['WARN_ValidationError', 'WARN_CheckoutERR_CART', 'WARN_CheckoutERR_DLV_ADDR']);
    expect(mapServerIssues(null, []).general).toEqual([]);
  });
});
