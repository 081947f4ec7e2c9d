import { REFUND_LIMITS } from '@portal/contract/refunds';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { refundsRepository } from './refunds.repository.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 240_000);
afterAll(() => t.close());

const setWindow = (value: string | null) =>
  value === null
    ? t.database.db.execute(sql`delete from app_settings where key = 'refunds.window_days'`)
    : t.database.db.execute(
        sql`insert into app_settings (key, value) values ('refunds.window_days', ${value})
            on conflict (key) do update set value = excluded.value`,
      );

describe('the return window (decision 0071: its default once, in the contract)', () => {
  it('is the setting when it is a whole number of days, else the contract default', async () => {
    const repo = refundsRepository(t.database.db);
    await setWindow('10');
    expect(await repo.windowDays()).toBe(10);
    await setWindow('0');
    expect(await repo.windowDays()).toBe(0);
    await setWindow('2.5');
    expect(await repo.windowDays()).toBe(REFUND_LIMITS.windowDaysDefault);
    await setWindow(null);
    expect(await repo.windowDays()).toBe(REFUND_LIMITS.windowDaysDefault);
    expect(REFUND_LIMITS.windowDaysDefault).toBe(30);
  });
});
