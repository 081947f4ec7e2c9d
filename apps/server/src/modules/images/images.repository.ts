import type { ImageSlot } from '@portal/contract/images';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';

export type ImageRow = {
  id: number;
  name: string;
  description: string;
  mime: string;
  width: number;
  height: number;
  size: number | string;
  content_hash: string;
  created_at: Date | string;
};

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

export type SlotFile = { content_hash: string; path: string; mime: string; size: number | string };

const COLUMNS = sql`id, name, description, mime, width, height, size, content_hash, created_at`;

/** The gallery's rows (migration 0016): images and the storage paths of their slots. */
export function imagesRepository(db: Db) {
  return {
    /** One page, newest first (the gallery's index `images_gallery`). */
    page: (group: number, offset: number, limit: number) =>
      queryRows<ImageRow>(
        db,
        sql`select ${COLUMNS} from images where group_id = ${group} order by id desc limit ${limit} offset ${offset}`,
      ),

    async count(group: number): Promise<number> {
      const [row] = await queryRows<{ n: number }>(
        db,
        sql`select count(*)::int as n from images where group_id = ${group}`,
      );
      return Number(row?.n ?? 0);
    },

    async byId(id: number): Promise<ImageRow | null> {
      const [row] = await queryRows<ImageRow>(db, sql`select ${COLUMNS} from images where id = ${id}`);
      return row ?? null;
    },

    /** Inserts an image and its slots in one transaction. */
    async insert(image: NewImage): Promise<ImageRow> {
      return db.transaction(async (tx) => {
        const [row] = await queryRows<ImageRow>(
          tx,
          sql`insert into images (group_id, name, description, content_hash, mime, width, height, size, created_by)
              values (${image.group}, ${image.name}, ${image.description}, ${image.contentHash}, ${image.mime},
                      ${image.width}, ${image.height}, ${image.size}, ${image.createdBy})
              returning ${COLUMNS}`,
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
      const [row] = await queryRows<ImageRow>(
        db,
        sql`update images set name = ${name}, description = ${description} where id = ${id} returning ${COLUMNS}`,
      );
      return row ?? null;
    },

    /**
     * Deletes an image; answers the storage paths of its slots that no other image uses (the large seed lets
     * many rows share the files of a few pictures), or null when there was no such image.
     */
    async delete(id: number): Promise<string[] | null> {
      return db.transaction(async (t) => {
        const slots = await queryRows<{ path: string }>(t, sql`select path from image_slots where image_id = ${id}`);
        const deleted = await queryRows<{ id: number }>(t, sql`delete from images where id = ${id} returning id`);
        if (deleted.length === 0) return null;
        if (slots.length === 0) return [];
        const paths = slots.map((s) => s.path);
        const shared = await queryRows<{ path: string }>(
          t,
          sql`select distinct path from image_slots where path in (${sql.join(
            paths.map((p) => sql`${p}`),
            sql`, `,
          )})`,
        );
        const still = new Set(shared.map((s) => s.path));
        return paths.filter((p) => !still.has(p));
      });
    },

    /** The file of one slot of an image and the image's content hash, in one query. */
    async slotFile(id: number, slot: ImageSlot): Promise<SlotFile | null> {
      const [row] = await queryRows<SlotFile>(
        db,
        sql`select i.content_hash, s.path, s.mime, s.size from images i
            join image_slots s on s.image_id = i.id and s.slot = ${slot} where i.id = ${id}`,
      );
      return row ?? null;
    },
  };
}

export type ImagesRepository = ReturnType<typeof imagesRepository>;
