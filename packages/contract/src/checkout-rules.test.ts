import { describe, expect, it } from 'vitest';
import { CHECKOUT_RULES, checkoutLocationIssues, disallowedCharacters, withoutDisallowedCharacters } from './cart.ts';
import { LIMITS } from './constants.ts';

const good = {
  dir: 1,
  dlvmode: 'AGENCIA',
  paymentmethod: 1,
  cust_ref: 'OT-1',
  web_obs: '',
  hasalternativeaddress: false,
  alternativeaddressdata: { name: '', address: '', city: '', zipcode: '', countryregionid: '' },
};
const keyOf = (patch: Partial<typeof good>, field: string) =>
  checkoutLocationIssues({ ...good, ...patch }).find((i) => i.field === field)?.key;

describe('the customer reference (part 1 §5)', () => {
  it('says "required" when empty and "too long" past the limit, each with its own key', () => {
    expect(keyOf({ cust_ref: '   ' }, 'cust_ref')).toBe(CHECKOUT_RULES.custRef);
    expect(keyOf({ cust_ref: 'x'.repeat(LIMITS.custRefMaxLength + 1) }, 'cust_ref')).toBe(CHECKOUT_RULES.custRefLength);
    expect(CHECKOUT_RULES.custRef).not.toBe(CHECKOUT_RULES.custRefLength);
    expect(keyOf({ cust_ref: 'x'.repeat(LIMITS.custRefMaxLength) }, 'cust_ref')).toBeUndefined();
  });

  it('a comma or a colon in the remark is a remark issue only, not a reference one', () => {
    const issues = checkoutLocationIssues({ ...good, web_obs: 'Entregar por la tarde, muelle: 3' });
    expect(issues).toEqual([{ field: 'web_obs', key: CHECKOUT_RULES.webObsChars }]);
  });
});

describe('the characters the reference and remark rule refuses', () => {
  it('names each refused character once, in order', () => {
    expect(disallowedCharacters('Entregar por la tarde, muelle: 3, puerta: B')).toEqual([',', ':']);
    expect(disallowedCharacters('a/b;c<d>')).toEqual(['/', ';', '<', '>']);
    expect(disallowedCharacters('Pedido 12-B Ñandú')).toEqual([]);
  });

  it('removes them and keeps letters (any alphabet), digits, whitespace and hyphens', () => {
    expect(withoutDisallowedCharacters('Entregar por la tarde, muelle: 3')).toBe('Entregar por la tarde muelle 3');
    expect(withoutDisallowedCharacters('Ref-7 ção\nβ2 😀!')).toBe('Ref-7 ção\nβ2 ');
    const cleaned = withoutDisallowedCharacters('x,y:z;1/2');
    expect(disallowedCharacters(cleaned)).toEqual([]);
    expect(checkoutLocationIssues({ ...good, web_obs: cleaned })).toEqual([]);
  });
});
