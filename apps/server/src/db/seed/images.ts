import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import type { Config } from '../../config.ts';
import { type ProcessedImage, processImage, type SlotOutput } from '../../lib/image-processing.ts';
import { scopedStorage } from '../../lib/storage/storage.ts';
import type { Database } from '../client.ts';
import { getSetting, setSetting } from '../settings.ts';
import { createStorage } from '../storage/create-storage.ts';

/** The gallery's demo pictures: drawn here (no files in the repository), each a part, a place or a vehicle. */
const PICTURES = [
  'Disco de freno',
  'Pastillas de freno',
  'Filtro de aceite',
  'Amortiguador',
  'Batería 12 V',
  'Escobillas',
  'Faro delantero',
  'Piloto trasero',
  'Parabrisas',
  'Luna trasera',
  'Retrovisor',
  'Bujías',
  'Correa de distribución',
  'Bomba de agua',
  'Radiador',
  'Kit de embrague',
  'Alternador',
  'Motor de arranque',
  'Neumático',
  'Llanta de aleación',
  'Aceite 5W30',
  'Anticongelante',
  'Sensor ABS',
  'Catalizador',
  'Silencioso',
  'Rótula de dirección',
  'Tienda de Madrid',
  'Almacén de Valencia',
  'Taller de Sevilla',
  'Furgoneta de reparto',
] as const;

const PALETTE = [
  ['#1f5fa8', '#6aa8e8'],
  ['#0f766e', '#5fd3c4'],
  ['#b45309', '#f7c270'],
  ['#7c3aed', '#c4b5fd'],
  ['#be123c', '#fda4af'],
  ['#334155', '#94a3b8'],
] as const;

const escapeXml = (s: string) => s.replace(/[<>&]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;' })[c]!);

function shape(n: number, light: string): string {
  switch (n % 5) {
    case 0:
      return `<circle cx="600" cy="330" r="190" fill="none" stroke="${light}" stroke-width="46"/><circle cx="600" cy="330" r="60" fill="${light}"/>`;
    case 1:
      return `<rect x="380" y="150" width="440" height="330" rx="40" fill="none" stroke="${light}" stroke-width="36"/><rect x="470" y="240" width="260" height="150" rx="18" fill="${light}"/>`;
    case 2:
      return `<path d="M300 500 L600 130 L900 500 Z" fill="none" stroke="${light}" stroke-width="40" stroke-linejoin="round"/>`;
    case 3:
      return `<g fill="${light}">${[0, 1, 2, 3, 4].map((i) => `<rect x="${330 + i * 110}" y="${180 + (i % 2) * 60}" width="70" height="${260 - (i % 2) * 60}" rx="12"/>`).join('')}</g>`;
    default:
      return `<ellipse cx="600" cy="330" rx="300" ry="150" fill="none" stroke="${light}" stroke-width="34"/><line x1="300" y1="330" x2="900" y2="330" stroke="${light}" stroke-width="24"/>`;
  }
}

/** A 1200×800 JPEG of one demo picture. */
async function drawPicture(n: number): Promise<Buffer> {
  const [dark, light] = PALETTE[n % PALETTE.length]!;
  const title = escapeXml(PICTURES[n]!);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="800" viewBox="0 0 1200 800">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${dark}"/><stop offset="1" stop-color="#0b1220"/></linearGradient></defs>
<rect width="1200" height="800" fill="url(#g)"/>${shape(n, light)}
<text x="600" y="650" font-family="DejaVu Sans, Arial, sans-serif" font-size="64" font-weight="bold" fill="#ffffff" text-anchor="middle">${title}</text>
<text x="600" y="720" font-family="DejaVu Sans, Arial, sans-serif" font-size="30" fill="${light}" text-anchor="middle">Recambia · foto ${n + 1}</text>
</svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer();
}

const SLOT_NAMES = { 1: 'thumbnail', 2: 'medium', 3: 'banner', 4: 'original' } as const;

/**
 * The gallery's demo images, once: 30 pictures drawn with sharp and made into their slots through the storage
 * (a folder or the database: decision 0024), then one row per picture at the demo scale, or 10,000 rows sharing
 * those pictures' files at the large scale (the bench pages them). Answers false when already seeded.
 */
export async function seedImages(
  database: Database,
  storageConfig: Config['storage'],
  scale: 'demo' | 'large' = 'demo',
): Promise<boolean> {
  const db = database.db;
  if (await getSetting(db, 'seed.images')) return false;
  const storage = scopedStorage(await createStorage(storageConfig, database), 'images');
  type Made = {
    n: number;
    title: string;
    hash: string;
    whole: SlotOutput;
    slots: (SlotOutput & { path: string })[];
    processed: ProcessedImage;
  };
  const made: Made[] = [];
  for (let n = 0; n < PICTURES.length; n++) {
    const drawn = await drawPicture(n);
    const folder = `demo/${String(n + 1).padStart(2, '0')}`;
    let hash = '';
    const processed = await processImage(drawn, 'jpeg', async (slot, content, type) => {
      const stored = await storage.put(`${folder}/${SLOT_NAMES[slot]}.${type.ext}`, content, {
        contentType: type.mime,
        maxBytes: 64 * 1024 * 1024,
      });
      if (slot === 4) hash = stored.sha256;
      return stored.size;
    });
    const slots = processed.slots.map((out) => ({ ...out, path: `${folder}/${SLOT_NAMES[out.slot]}.${out.ext}` }));
    const whole = slots.find((out) => out.slot === 4)!;
    made.push({ n, title: PICTURES[n]!, hash, whole, slots, processed });
  }
  const rows = scale === 'large' ? 10_000 : PICTURES.length;
  await db.transaction(async (tx) => {
    // Round by round, so that pages show varied pictures; the oldest first, as if uploaded over months.
    for (let round = 0; round * made.length < rows; round++) {
      const batch = made.slice(0, Math.min(made.length, rows - round * made.length));
      const values = batch.map((m) => {
        const name = round === 0 ? m.title : `${m.title} (${round + 1})`;
        const index = round * made.length + m.n;
        return sql`(1, ${name}, ${`Imagen de demostración: ${m.title.toLowerCase()}.`}, ${m.hash}, ${m.whole.mime},
          ${m.processed.width}, ${m.processed.height}, ${m.whole.size},
          timestamptz '2025-01-01T08:00:00Z' + ${index} * interval '37 minutes')`;
      });
      await tx.execute(
        sql`insert into images (group_id, name, description, content_hash, mime, width, height, size, created_at)
            values ${sql.join(values, sql`, `)}`,
      );
    }
    for (const m of made) {
      const slotValues = m.slots.map(
        (s) => sql`(${s.slot}::smallint, ${s.path}, ${s.mime}, ${s.width}::int, ${s.height}::int, ${s.size}::bigint)`,
      );
      await tx.execute(
        sql`insert into image_slots (image_id, slot, path, mime, width, height, size)
            select i.id, v.slot, v.path, v.mime, v.width, v.height, v.size
            from images i cross join (values ${sql.join(slotValues, sql`, `)}) as v(slot, path, mime, width, height, size)
            where i.content_hash = ${m.hash} and not exists (select 1 from image_slots s where s.image_id = i.id)`,
      );
    }
    await setSetting(tx, 'seed.images', scale);
  });
  return true;
}
