import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testRows } from '../../test/rows.ts';
import { freshDatabase } from '../../test/test-app.ts';
import type { Database } from '../client.ts';
import { migrate } from '../migrate.ts';
import { seedImages } from './images.ts';

describe('the gallery’s demo images', () => {
  let database: Database;
  let drop: () => Promise<void>;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'seed-images-'));
  const storage = { kind: 'directory' as const, dir, maxFileBytes: 1024 * 1024, maxFiles: 1 };
  beforeAll(async () => {
    ({ database, drop } = await freshDatabase({ empty: true }));
    await migrate(database);
  });
  afterAll(async () => {
    await drop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('draws 30 varied pictures once, each with its four slots stored and readable', async () => {
    expect(await seedImages(database, storage)).toBe(true);
    const rows = await testRows<{ id: number; name: string; content_hash: string; width: number; height: number }>(
      database.db,
      sql`select id, name, content_hash, width, height from images order by id`,
    );
    expect(rows).toHaveLength(30);
    expect(new Set(rows.map((r) => r.name)).size).toBe(30);
    expect(new Set(rows.map((r) => r.content_hash)).size).toBe(30);
    expect(rows[0]).toMatchObject({ name: 'Disco de freno', width: 1200, height: 800 });
    const slots = await testRows<{ path: string; slot: number; width: number }>(
      database.db,
      sql`select path, slot, width from image_slots order by image_id, slot`,
    );
    expect(slots).toHaveLength(120);
    for (const s of slots.slice(0, 8)) {
      const meta = await sharp(path.join(dir, 'images', s.path)).metadata();
      expect(meta.width).toBe(s.width);
    }
    expect(await seedImages(database, storage)).toBe(false);
  });
});
