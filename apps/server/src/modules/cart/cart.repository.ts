import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';

export function cartRepository(db: Db) {
  return {
    /** Adds a line, or adds the quantity to the line of the same article; answers the number of lines. */
    async add(line: {
      userId: string;
      clientId: string;
      articleId: number;
      quantity: number;
      modelId: number | null;
      supplier: string | null;
      searchLogId: number | null;
    }): Promise<number | null> {
      const exists = await queryRows<{ id: number }>(db, sql`select id from articles where id = ${line.articleId}`);
      if (exists.length === 0) return null;
      await db.execute(
        sql`insert into cart_lines (user_id, client_accountnum, article_id, quantity, model_id, supplier, search_log_id)
            values (${line.userId}, ${line.clientId}, ${line.articleId}, ${line.quantity}, ${line.modelId}, ${line.supplier}, ${line.searchLogId})
            on conflict (user_id, article_id) do update set quantity = least(cart_lines.quantity + excluded.quantity, 9999)`,
      );
      return this.length(line.userId);
    },

    async length(userId: string): Promise<number> {
      const rows = await queryRows<{ n: number }>(
        db,
        sql`select count(*)::int as n from cart_lines where user_id = ${userId}`,
      );
      return rows[0]!.n;
    },
  };
}
export type CartRepository = ReturnType<typeof cartRepository>;
