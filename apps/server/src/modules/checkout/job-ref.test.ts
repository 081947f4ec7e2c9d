import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { addFrom, call, checkoutSuite, filledLocations } from '../../test/checkout-support.ts';
import { testRows } from '../../test/rows.ts';

/** A job reference per cart line (issue 26; decision 0081): kept on the line, copied to the web order, searchable. */
const s = checkoutSuite();
const SET = '/api/incheckout/setjobref';

const jobRefOf = async (lineId: number) =>
  (
    await testRows<{ job_ref: string | null }>(
      s.t.database.db,
      sql`select job_ref from cart_lines where id = ${lineId}`,
    )
  )[0]!.job_ref;

describe('a cart line’s job reference', () => {
  it('is set trimmed, shown with the line, and cleared by an empty text', async () => {
    const line = await addFrom(s.t.app, s.buyer, s.mad[0]!.id, 'MAD01', 1);
    expect(line.jobRef).toBeNull();
    const set = await call(s.t.app, s.buyer, 'POST', SET, { id: line.id_linea, jobRef: '  1234 BCD  ' });
    expect(set.statusCode).toBe(200);
    expect(set.json().line.jobRef).toBe('1234 BCD');
    const cart = (await call(s.t.app, s.buyer, 'GET', '/api/incheckout/getcurrentcart')).json();
    expect(cart.cartitem_views[0].jobRef).toBe('1234 BCD');
    const cleared = await call(s.t.app, s.buyer, 'POST', SET, { id: line.id_linea, jobRef: '   ' });
    expect(cleared.json().line.jobRef).toBeNull();
    expect(await jobRefOf(line.id_linea)).toBeNull();
  });

  it('refuses more than 40 characters and control characters with their keys, and writes nothing', async () => {
    const line = await addFrom(s.t.app, s.buyer, s.mad[0]!.id, 'MAD01', 1);
    await call(s.t.app, s.buyer, 'POST', SET, { id: line.id_linea, jobRef: 'OT-1' });
    const long = await call(s.t.app, s.buyer, 'POST', SET, { id: line.id_linea, jobRef: 'X'.repeat(41) });
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toBe('WARN_JobRefTooLong');
    const control = await call(s.t.app, s.buyer, 'POST', SET, { id: line.id_linea, jobRef: 'OT\u00071' });
    expect(control.statusCode).toBe(400);
    expect(control.json().message).toBe('WARN_JobRefInvalid');
    expect(await jobRefOf(line.id_linea)).toBe('OT-1');
    // Exactly 40 is allowed.
    const forty = await call(s.t.app, s.buyer, 'POST', SET, { id: line.id_linea, jobRef: 'Y'.repeat(40) });
    expect(forty.statusCode).toBe(200);
  });

  it('needs a signed-in buyer; another user’s line answers 404 and is left as it was', async () => {
    const line = await addFrom(s.t.app, s.buyer, s.mad[0]!.id, 'MAD01', 1);
    await call(s.t.app, s.buyer, 'POST', SET, { id: line.id_linea, jobRef: 'MINE' });
    const anonymous = await s.t.app.inject({ method: 'POST', url: SET, payload: { id: line.id_linea, jobRef: 'X' } });
    expect(anonymous.statusCode).toBe(401);
    const other = await call(s.t.app, s.buyer2, 'POST', SET, { id: line.id_linea, jobRef: 'THEIRS' });
    expect(other.statusCode).toBe(404);
    expect(await jobRefOf(line.id_linea)).toBe('MINE');
  });

  it('goes with each line to the web order when it is placed, and the search finds the order by it', async () => {
    const a = await addFrom(s.t.app, s.buyer, s.mad[0]!.id, 'MAD01', 1);
    const b = await addFrom(s.t.app, s.buyer, s.mad[1]!.id, 'MAD01', 2);
    await addFrom(s.t.app, s.buyer, s.mad[2]!.id, 'MAD01', 1);
    await call(s.t.app, s.buyer, 'POST', SET, { id: a.id_linea, jobRef: 'JR-TEST 5501' });
    await call(s.t.app, s.buyer, 'POST', SET, { id: b.id_linea, jobRef: 'jr-test 5502' });
    const { locations } = await filledLocations(s.t.app, s.buyer);
    const finish = await call(s.t.app, s.buyer, 'POST', '/api/incheckout/finishcheckout', locations);
    expect(finish.statusCode).toBe(200);
    const orderId = finish.json().weborders[0].id as number;
    const lines = (await call(s.t.app, s.buyer, 'GET', `/api/insalesweb/getlinesbysalesid/${orderId}`)).json();
    expect(lines.map((l: { JOBREF: string | null }) => l.JOBREF)).toEqual(['JR-TEST 5501', 'jr-test 5502', null]);
    const refs = await testRows<{ job_ref: string }>(
      s.t.database.db,
      sql`select job_ref from web_order_job_refs where web_order_id = ${orderId} order by job_ref`,
    );
    expect(refs.map((r) => r.job_ref)).toEqual(['JR-TEST 5501', 'jr-test 5502']);
    // Any case, a prefix: both references name the order, found once.
    const found = (await call(s.t.app, s.buyer, 'GET', '/api/search/documents?q=jr-TEST%2055')).json();
    expect(found.groups).toHaveLength(1);
    expect(found.groups[0].kind).toBe('weborder');
    expect(found.groups[0].hits.map((h: { id: string; matched: string }) => [h.id, h.matched])).toEqual([
      [String(orderId), 'jobRef'],
    ]);
    expect(found.groups[0].hits[0].link).toBe(`/salesweb/${orderId}`);
    // Another client's buyer does not find it.
    const other = (await call(s.t.app, s.buyer2, 'GET', '/api/search/documents?q=jr-test')).json();
    expect(other.groups).toEqual([]);
  });
});
