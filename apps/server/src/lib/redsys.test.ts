import { centsOf, formatCents } from '@portal/contract/money';
import { describe, expect, it } from 'vitest';
import { decodeParameters, field, isAuthorised, orderKey, sign, signMessage, verify } from './redsys.ts';

const KEY = 'sq7HjrUOBfKmC576ILgskD5srU870gJ7';
const PARAMS_JSON =
  '{"DS_MERCHANT_TRANSACTIONTYPE":"0","DS_MERCHANT_ORDER":"0726qI3H7sZx","DS_MERCHANT_MERCHANTCODE":"999008881","DS_MERCHANT_TERMINAL":"1","DS_MERCHANT_AMOUNT":"4999","DS_MERCHANT_CURRENCY":"978","DS_MERCHANT_MERCHANTURL":"http://www.prueba.com/urlNotificacion.php","DS_MERCHANT_URLOK":"http://www.prueba.com/urlOK.php","DS_MERCHANT_URLKO":"http://www.prueba.com/urlKO.php"}';

describe('Redsys HMAC_SHA256_V1, known answers of the reference', () => {
  it('derives the per-order key', () => {
    expect(orderKey(KEY, '0726qI3H7sZx').toString('base64')).toBe('GViV77kFjMPKVUcE9qxzlg==');
    expect(orderKey('Mk9m98IfEblmPfrpsawt7BmxObt98Jev', '1').toString('base64')).toBe('Lr6bLJYWKrk=');
  });

  it('zero-pads to a multiple of 8 bytes, not 16', () => {
    expect(orderKey(KEY, '012345678').toString('base64')).toBe('ub0/L8+E9+9ITQJwk3SvHA==');
  });

  it('signs the parameters string', () => {
    const parameters = Buffer.from(PARAMS_JSON).toString('base64');
    expect(sign(KEY, '0726qI3H7sZx', parameters)).toBe('TyW+LIa2GZnhCPLM7JSPwbQn4ZjOvMO/KiIf4yJgwo8=');
    const second =
      '{"DS_MERCHANT_AMOUNT":"145","DS_MERCHANT_ORDER":"1","DS_MERCHANT_MERCHANTCODE":"999008881","DS_MERCHANT_CURRENCY":"978","DS_MERCHANT_TRANSACTIONTYPE":"0","DS_MERCHANT_TERMINAL":"871","DS_MERCHANT_MERCHANTURL":"","DS_MERCHANT_URLOK":"","DS_MERCHANT_URLKO":""}';
    expect(sign('Mk9m98IfEblmPfrpsawt7BmxObt98Jev', '1', Buffer.from(second).toString('base64'))).toBe(
      '3TEI5WyvHf1D/whByt1ENgFH/HPIP9UFuB6LkCYgj+E=',
    );
  });
});

describe('verifying a signed message', () => {
  const message = () =>
    signMessage(KEY, '000000000042', { Ds_Order: '000000000042', Ds_Amount: '3380', Ds_Response: '0000' });

  it('accepts its own signature, in base64 and in base64url', () => {
    const m = message();
    expect(verify(KEY, m)).toMatchObject({ ok: true, order: '000000000042' });
    const url = { ...m, Ds_Signature: m.Ds_Signature.replace(/\+/g, '-').replace(/\//g, '_') };
    expect(verify(KEY, url).ok).toBe(true);
  });

  it('refuses a changed parameter, a wrong key, a wrong version and garbage', () => {
    const m = message();
    const tampered = Buffer.from(
      Buffer.from(m.Ds_MerchantParameters, 'base64').toString().replace('3380', '1'),
    ).toString('base64');
    expect(verify(KEY, { ...m, Ds_MerchantParameters: tampered })).toEqual({ ok: false, reason: 'signature' });
    expect(verify('Mk9m98IfEblmPfrpsawt7BmxObt98Jev', m)).toEqual({ ok: false, reason: 'signature' });
    expect(verify(KEY, { ...m, Ds_SignatureVersion: 'HMAC_SHA1' }).ok).toBe(false);
    expect(verify(KEY, { ...m, Ds_MerchantParameters: 'not base64 json' }).ok).toBe(false);
    expect(verify(KEY, { ...m, Ds_Signature: 'AAAA' }).ok).toBe(false);
  });

  it('reads fields in any case, URL-decoded', () => {
    const params = decodeParameters(Buffer.from('{"Ds_Date":"22%2F11%2F2026","DS_ORDER":"12"}').toString('base64'));
    expect(field(params, 'ds_date')).toBe('22/11/2026');
    expect(field(params, 'Ds_Order')).toBe('12');
    expect(field(params, 'Ds_Missing')).toBeUndefined();
  });
});

describe('money and responses', () => {
  it('turns decimal text into cents exactly', () => {
    expect(centsOf('33.80')).toBe(3380n);
    expect(centsOf('0.07')).toBe(7n);
    expect(centsOf('12')).toBe(1200n);
    expect(centsOf('12.5')).toBe(1250n);
    expect(formatCents(3380n)).toBe('33.80');
    expect(formatCents(7n)).toBe('0.07');
    expect(() => centsOf('1e3')).toThrow();
  });

  it('authorises 0 to 99 only', () => {
    expect(isAuthorised('0000')).toBe(true);
    expect(isAuthorised('99')).toBe(true);
    expect(isAuthorised('0100')).toBe(false);
    expect(isAuthorised('0190')).toBe(false);
    expect(isAuthorised('9915')).toBe(false);
    expect(isAuthorised(undefined)).toBe(false);
    expect(isAuthorised('abc')).toBe(false);
  });
});

describe('verify: text no request may carry', () => {
  it.each([
    ['a NUL, URL-encoded', { Ds_AuthorisationCode: '12%0034' }],
    ['a NUL', { Ds_AuthorisationCode: '12\u000034' }],
    ['an unpaired surrogate', { Ds_Card_Country: 'E\uD800S' }],
    ['a NUL in a name', { 'Ds_\u0000Extra': '1' }],
  ])('refuses a correctly signed message with %s in a field', (_name, extra) => {
    const message = signMessage(KEY, '0726qI3H7sZx', { Ds_Order: '0726qI3H7sZx', Ds_Response: '0000', ...extra });
    expect(verify(KEY, message)).toEqual({ ok: false, reason: 'text' });
  });

  it('accepts the same message without it', () => {
    const message = signMessage(KEY, '0726qI3H7sZx', { Ds_Order: '0726qI3H7sZx', Ds_AuthorisationCode: '123456' });
    expect(verify(KEY, message)).toMatchObject({ ok: true, order: '0726qI3H7sZx' });
  });
});
