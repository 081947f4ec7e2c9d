import type { ImageSlot } from '@portal/contract/images';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { type Db, queryRows } from '../../db/client.ts';
import { int, pgText } from '../../db/rows.ts';

// size is a bigint: a number through the int8 parser (db/client.ts), on both drivers.
const imageRow = z.object({
  id: int,
  name: z.string(),
  description: z.string(),
  mime: z.string(),
  width: int,
  height: int,
  size: int,
  content_hash: z.string(),
  created_at: pgText,
});
export type ImageRow = z.infer<typeof imageRow>;

export type NewImage = {
  group: number;
  name: string;
  description: string;
  contentHash: string;
  mime: string;
  width: number;
  height: number;
  size: number;
  createdBy: string | null;
  slots: { slot: ImageSlot; path: string; mime: string; width: number; height: number; size: number }[];
};

const slotFile = z.object({ content_hash: z.string(), path: z.string(), mime: z.string(), size: int });
export type SlotFile = z.infer<typeof slotFile>;

const COLUMNS = sql`id, name, description, mime, width, height, size, content_hash, created_at`;

/** The gallery's rows (migration 0016): images and the storage paths of their slots. */
export function imagesRepository(db: Db) {
  return {
    /** One page, newest first (the gallery's index `images_gallery`). */
    page: (group: number, offset: number, limit: number) =>
      queryRows(
        db,
        sql`select ${COLUMNS} from images where group_id = ${group} order by id desc limit ${limit} offset ${offset}`,
        imageRow,
      ),

    async count(group: number): Promise<number> {
      const [row] = await queryRows(
        db,
        sql`select count(*)::int as n from images where group_id = ${group}`,
        z.object({ n: z.number() }),
      );
      return Number(row?.n ?? 0);
    },

    async byId(id: number): Promise<ImageRow | null> {
      const [row] = await queryRows(db, sql`select ${COLUMNS} from images where id = ${id}`, imageRow);
      return row ?? null;
    },

    /** Inserts an image and its slots in one transaction. */
    async insert(image: NewImage): Promise<ImageRow> {
      return db.transaction(async (tx) => {
        const [row] = await queryRows(
          tx,
          sql`insert into images (group_id, name, description, content_hash, mime, width, height, size, created_by)
              values (${image.group}, ${image.name}, ${image.description}, ${image.contentHash}, ${image.mime},
                      ${image.width}, ${image.height}, ${image.size}, ${image.createdBy})
              returning ${COLUMNS}`,
          imageRow,
        );
        for (const s of image.slots) {
          await tx.execute(
            sql`insert into image_slots (image_id, slot, path, mime, width, height, size)
                values (${row!.id}, ${s.slot}, ${s.path}, ${s.mime}, ${s.width}, ${s.height}, ${s.size})`,
          );
        }
        return row!;
      });
    },

    async update(id: number, name: string, description: string): Promise<ImageRow | null> {
      const [row] = await queryRows(
        db,
        sql`update images set name = ${name}, description = ${description} where id = ${id} returning ${COLUMNS}`,
        imageRow,
      );
      return row ?? null;
    },

    /**
     * Deletes an image; answers the storage paths of its slots that no other image uses (the large seed lets
     * many rows share the files of a few pictures), or null when there was no such image.
     */
    async delete(id: number): Promise<string[] | null> {
      return db.transaction(async (t) => {
        const slots = await queryRows(
          t,
          sql`select path from image_slots where image_id = ${id}`,
          z.object({ path: z.string() }),
        );
        const deleted = await queryRows(
          t,
          sql`delete from images where id = ${id} returning id`,
          z.object({ id: z.number() }),
        );
        if (deleted.length === 0) return null;
        if (slots.length === 0) return [];
        const paths = slots.map((s) => s.path);
        const shared = await queryRows(
          t,
          sql`select distinct path from image_slots where path in (${sql.join(
            paths.map((p) => sql`${p}`),
            sql`, `,
          )})`,
          z.object({ path: z.string() }),
        );
        const still = new Set(shared.map((s) => s.path));
        return paths.filter((p) => !still.has(p));
      });
    },

    /** The file of one slot of an image and the image's content hash, in one query. */
    async slotFile(id: number, slot: ImageSlot): Promise<SlotFile | null> {
      const [row] = await queryRows(
        db,
        sql`select i.content_hash, s.path, s.mime, s.size from images i
            join image_slots s on s.image_id = i.id and s.slot = ${slot} where i.id = ${id}`,
        slotFile,
      );
      return row ?? null;
    },
  };
}

export type ImagesRepository = ReturnType<typeof imagesRepository>;
