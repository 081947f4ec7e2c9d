import { RANK, ROLES } from '@portal/contract/constants';
import { endpoint } from '@portal/contract/endpoint';
import { refundCalls } from '@portal/contract/refunds-calls';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { mayCall } from './may-call';

const declared = (access: Parameters<typeof endpoint>[0]['access']) =>
  endpoint({ method: 'GET', path: '/api/x', access, summary: 'x', tags: ['x'], response: z.null() });

const customer = { rankNumber: RANK.ordinary, roles: [ROLES.buy] };
const clientAdmin = { rankNumber: RANK.clientAdmin, roles: [ROLES.clientadmin] };
const staff = { rankNumber: RANK.admin, roles: [ROLES.admin] };

describe('mayCall', () => {
  it('lets anybody make an anonymous or optional call, signed in or not', () => {
    for (const access of ['anonymous', 'optional'] as const) {
      expect(mayCall(declared(access), null)).toBe(true);
      expect(mayCall(declared(access), customer)).toBe(true);
    }
  });

  it('needs a signed-in user for the rest', () => {
    expect(mayCall(declared('user'), null)).toBe(false);
    expect(mayCall(declared('user'), undefined)).toBe(false);
    expect(mayCall(declared('user'), customer)).toBe(true);
    expect(mayCall(declared({ rank: RANK.ordinary }), null)).toBe(false);
  });

  it('reads a rank rule as "at least that rank"', () => {
    const rule = declared({ rank: RANK.clientAdmin });
    expect(mayCall(rule, customer)).toBe(false);
    expect(mayCall(rule, clientAdmin)).toBe(true);
    expect(mayCall(rule, staff)).toBe(true);
  });

  it('reads a role rule as "holding that role", and both together as both', () => {
    expect(mayCall(declared({ role: ROLES.admin }), staff)).toBe(true);
    expect(mayCall(declared({ role: ROLES.admin }), clientAdmin)).toBe(false);
    expect(mayCall(declared({ rank: RANK.admin, role: ROLES.searchplate }), staff)).toBe(false);
    expect(
      mayCall(declared({ rank: RANK.admin, role: ROLES.searchplate }), {
        ...staff,
        roles: [ROLES.admin, ROLES.searchplate],
      }),
    ).toBe(true);
  });

  it('never lets a person make a machine client’s call', () => {
    expect(mayCall(declared({ scope: 'erp.feeds' }), { rankNumber: RANK.admin, roles: [ROLES.admin] })).toBe(false);
  });

  it('reads the refunds’ staff steps as staff-only and the customer’s calls as any signed-in user’s', () => {
    for (const e of [refundCalls.receive, refundCalls.decideLine, refundCalls.addNote, refundCalls.requeueErp]) {
      expect(mayCall(e, customer)).toBe(false);
      expect(mayCall(e, clientAdmin)).toBe(false);
      expect(mayCall(e, staff)).toBe(true);
    }
    expect(mayCall(refundCalls.cancel, customer)).toBe(true);
  });
});
