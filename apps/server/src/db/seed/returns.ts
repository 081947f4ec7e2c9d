import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { z } from 'zod';
import { businessTimeZone } from '../../lib/business-time.sql.ts';
import { creditNoteId, returnSalesId } from '../../lib/erp-document-ids.ts';
import type { Storage } from '../../lib/storage/storage.ts';
import { type Db, queryRows } from '../client.ts';
import { idRow, int } from '../rows.ts';
import { getSetting, setSetting } from '../settings.ts';

/**
 * Returns demo data (issue 13; decision 0028). Deterministic, dated from the day the seed runs:
 *
 * - A showcase packing slip per demo client, delivered 3 days ago: `ALBDV00001` (C00001: line 1 four units and
 *   line 2 two units nobody has asked to return, line 3 one unit already wholly asked by a pending refund) and
 *   `ALBDV00002` (C00002, the same shape); `ALBDV00003` (C00001) delivered 12 days ago carries the lines of the
 *   other demo refunds. The journeys rely on these.
 * - Refunds of C00001 and C00002 in every step (requested, received, decided waiting for the ERP, an ERP error,
 *   rejected, cancelled, processed with its credit note) and a few of five more clients.
 * - Large scale: 100,000 refunds with 250,000 lines over the ERP history's packing slips (every step).
 */
export const RETURNS_SHOWCASE = { buyer: 'ALBDV00001', buyer2: 'ALBDV00002', older: 'ALBDV00003' } as const;

type Stage = 'requested' | 'received' | 'decided' | 'rejected' | 'cancelled' | 'processed';

async function showcaseSlip(db: Db, slipId: string, client: string, daysAgo: number, qty: number[]) {
  const salesId = `PVDV${slipId.slice(-5)}`;
  await db.execute(sql`
    insert into erp_packing_slips (packing_slip_id, client_accountnum, account_name, delivery_date, customer_ref,
      store_id, store_name, delivery_name, delivery_street, delivery_city, delivery_zipcode, dlv_mode, employee_name)
    select ${slipId}, c.accountnum, c.name, (now() at time zone ${businessTimeZone})::date - ${daysAgo}::int,
           'TALLER-' || ${slipId.slice(-2)}, s.id, s.name, c.name, a.street, a.city, a.zipcode,
           coalesce((select id from delivery_modes order by sort, id limit 1), 'RUTA'),
           coalesce((select name from erp_employees e where e.store_id = s.id order by id limit 1), 'Mostrador')
      from clients c join stores s on s.id = coalesce(c.store_id, (select min(id) from stores))
      left join lateral (select street, city, zipcode from client_addresses where client_accountnum = c.accountnum
                          order by is_default desc, id limit 1) a on true
     where c.accountnum = ${client}`);
  await db.execute(sql`
    insert into erp_sales_orders (sales_id, client_accountnum, created_at, customer_ref, store_id, store_name,
      delivery_name, delivery_street, delivery_city, delivery_zipcode, status, dlv_mode, sales_origin_id, sales_taker)
    select ${salesId}, p.client_accountnum, p.delivery_date - 1, p.customer_ref, p.store_id, p.store_name,
           p.delivery_name, p.delivery_street, p.delivery_city, p.delivery_zipcode, 2, p.dlv_mode, 'TEL', p.employee_name
      from erp_packing_slips p where p.packing_slip_id = ${slipId}`);
  await db.execute(sql`insert into erp_sales_packing_slips (sales_id, packing_slip_id) values (${salesId}, ${slipId})`);
  // Articles of the catalogue, picked by the slip's own number so that each slip has its own.
  const articles = await queryRows(
    db,
    sql`select a.id, a.ref_jumasa as ref, a.description as name, coalesce(ap.pv1d, 10)::text as price
          from articles a left join article_prices ap on ap.article_id = a.id
         where a.id > ${Number(slipId.slice(-5)) * 97} order by a.id limit ${qty.length}`,
    // The price is numeric text, written back as it is.
    z.object({ id: int, ref: z.string(), name: z.string(), price: z.string() }),
  );
  for (const [i, q] of qty.entries()) {
    const a = articles[i]!;
    await db.execute(sql`
      insert into erp_sales_lines (sales_id, line_no, article_id, item_id, name, quantity, sales_price, discount_pct,
        line_amount)
      values (${salesId}, ${i + 1}, ${a.id}, ${a.ref}, ${a.name}, ${q}, ${a.price}, 0, ${a.price}::numeric * ${q})`);
    await db.execute(sql`
      insert into erp_packing_slip_lines (packing_slip_id, line_no, client_accountnum, sales_id, sales_line_no,
        article_id, item_id, name, quantity)
      values (${slipId}, ${i + 1}, ${client}, ${salesId}, ${i + 1}, ${a.id}, ${a.ref}, ${a.name}, ${q})`);
  }
}

/** One demo refund of given lines (slip, line, quantity, reason, decision) in a step; answers its id. */
async function demoRefund(
  db: Db,
  client: string,
  username: string | null,
  stage: Stage,
  daysAgo: number,
  lines: { slip: string; line: number; qty: number; reason: number; decision?: 'accepted' | 'rejected' }[],
  observations: string,
): Promise<number> {
  const status = { requested: 1, received: 1, decided: 1, rejected: 2, cancelled: 2, processed: 2 }[stage];
  const [r] = await queryRows(
    db,
    sql`insert into refunds (client_accountnum, client_name, user_id, store_id, store_name, stage, status, requested_at,
                             processed_at, observations, address_id, address_text)
        select c.accountnum, c.name, (select id from users where username = ${username}),
               p.store_id, p.store_name, ${stage}, ${status}, now() - ${daysAgo}::int * interval '1 day',
               case when ${status} = 2 then now() - ${Math.max(0, daysAgo - 3)}::int * interval '1 day' end,
               ${observations}, a.id, a.name || ' - ' || a.street || ', ' || a.zipcode || ' ' || a.city
          from clients c
          join erp_packing_slips p on p.packing_slip_id = ${lines[0]!.slip}
          left join lateral (select * from client_addresses where client_accountnum = c.accountnum
                              order by is_default desc, id limit 1) a on true
         where c.accountnum = ${client}
        returning id::int as id`,
    idRow,
  );
  const id = r!.id;
  for (const l of lines) {
    await db.execute(sql`
      insert into refund_lines (refund_id, client_accountnum, packing_slip_id, packing_slip_line_no, store_id,
        article_id, item_id, name, reason_id, quantity, comment, decision, decision_reason, decided_at)
      select ${id}, ${client}, pl.packing_slip_id, pl.line_no, p.store_id, pl.article_id, pl.item_id, pl.name,
             ${l.reason}, ${l.qty}, '', ${l.decision ?? null}::text,
             case when ${l.decision ?? null}::text = 'rejected' then 'La pieza muestra señales de montaje' end,
             case when ${l.decision ?? null}::text is not null then now() - interval '1 day' end
        from erp_packing_slip_lines pl join erp_packing_slips p on p.packing_slip_id = pl.packing_slip_id
       where pl.packing_slip_id = ${l.slip} and pl.line_no = ${l.line}`);
  }
  const at = (days: number) => sql`now() - ${days}::int * interval '1 day'`;
  const event = (kind: string, days: number, detail: string | null = null) =>
    db.execute(
      sql`insert into refund_events (refund_id, kind, detail, at) values (${id}, ${kind}, ${detail}, ${at(days)})`,
    );
  await event('requested', daysAgo);
  if (stage === 'cancelled') await event('cancelled', daysAgo - 1);
  if (['received', 'decided', 'rejected', 'processed'].includes(stage)) await event('received', daysAgo - 1);
  if (['decided', 'rejected', 'processed'].includes(stage)) {
    await db.execute(sql`
      insert into refund_events (refund_id, kind, line_id, detail, at)
      select ${id}, decision, id, decision_reason, ${at(daysAgo - 2)} from refund_lines
       where refund_id = ${id} and decision is not null order by id`);
  }
  if (stage === 'processed') {
    await db.execute(sql`
      insert into erp_return_orders (return_sales_id, refund_id, client_accountnum, created_at, credit_note_id,
        credit_amount, credited_at)
      values (${returnSalesId(id)}, ${id}, ${client}, ${at(daysAgo - 2)}, ${creditNoteId(id)},
        (select coalesce(sum(sl.sales_price * l.quantity), 0) from refund_lines l
           join erp_packing_slip_lines pl on pl.packing_slip_id = l.packing_slip_id and pl.line_no = l.packing_slip_line_no
           join erp_sales_lines sl on sl.sales_id = pl.sales_id and sl.line_no = pl.sales_line_no
          where l.refund_id = ${id} and l.decision = 'accepted'), ${at(daysAgo - 3)})`);
    await db.execute(sql`update refunds set return_sales_id = ${returnSalesId(id)}, credit_note_id = ${creditNoteId(id)}
                         where id = ${id}`);
    await event('exported', daysAgo - 2, returnSalesId(id));
    await event('processed', daysAgo - 3, creditNoteId(id));
  }
  return id;
}

export async function seedReturns(db: Db, scale: 'demo' | 'large') {
  await showcaseSlip(db, RETURNS_SHOWCASE.buyer, 'C00001', 3, [4, 2, 1]);
  await showcaseSlip(db, RETURNS_SHOWCASE.buyer2, 'C00002', 3, [4, 2, 1]);
  await showcaseSlip(db, RETURNS_SHOWCASE.older, 'C00001', 12, [6, 6, 6, 6, 3]);
  const S = RETURNS_SHOWCASE;
  // The fully asked line of each showcase slip: a pending refund.
  await demoRefund(
    db,
    'C00001',
    'buyer',
    'requested',
    2,
    [{ slip: S.buyer, line: 3, qty: 1, reason: 2 }],
    'Defecto en rosca',
  );
  await demoRefund(
    db,
    'C00002',
    'buyer2',
    'requested',
    2,
    [{ slip: S.buyer2, line: 3, qty: 1, reason: 3 }],
    'Caja golpeada',
  );
  // C00001 in every step, over the older slip.
  const steps: [Stage, number, { line: number; qty: number; reason: number; decision?: 'accepted' | 'rejected' }[]][] =
    [
      ['received', 10, [{ line: 1, qty: 1, reason: 1 }]],
      ['decided', 9, [{ line: 2, qty: 2, reason: 2, decision: 'accepted' }]],
      ['rejected', 11, [{ line: 3, qty: 1, reason: 4, decision: 'rejected' }]],
      ['cancelled', 11, [{ line: 4, qty: 2, reason: 4 }]],
      [
        'processed',
        11,
        [
          { line: 4, qty: 1, reason: 5, decision: 'accepted' },
          { line: 5, qty: 1, reason: 1, decision: 'rejected' },
        ],
      ],
    ];
  const made: Record<string, number> = {};
  for (const [stage, days, lines] of steps) {
    made[stage] = await demoRefund(
      db,
      'C00001',
      'buyer',
      stage,
      days,
      lines.map((l) => ({ slip: S.older, ...l })),
      `Devolucion ${stage}`,
    );
  }
  // One decided refund the ERP refused (STATUS 3): staff see the error and may requeue it.
  const errored = await demoRefund(
    db,
    'C00001',
    'clientadmin',
    'decided',
    8,
    [{ slip: S.older, line: 5, qty: 1, reason: 3, decision: 'accepted' }],
    'Rota en transporte',
  );
  await db.execute(sql`update refunds set status = 3, erp_error = 'ERP: almacén de devoluciones cerrado', erp_retries = 8,
                         erp_next_attempt_at = 'infinity' where id = ${errored}`);
  await db.execute(sql`insert into refund_events (refund_id, kind, detail, at)
                       values (${errored}, 'erp_error', 'ERP: almacén de devoluciones cerrado', now() - interval '7 days')`);
  // The decided ones wait for the ERP job (due at once where it runs).
  await db.execute(sql`update refunds set erp_next_attempt_at = now() where id = ${made.decided!}`);
  await db.execute(
    sql`insert into refund_notes (refund_id, author, body) values (${made.received!}, 'admin', 'Revisar embalaje original')`,
  );

  // Five more clients: a processed and a pending refund each, over their newest packing slips.
  const others = await queryRows(
    db,
    sql`select distinct on (p.client_accountnum) p.client_accountnum as client, p.packing_slip_id as slip,
               l.line_no as line, l.quantity::int as qty
          from erp_packing_slips p join erp_packing_slip_lines l on l.packing_slip_id = p.packing_slip_id
         where p.client_accountnum in ('C00003', 'C00004', 'C00005', 'C00006', 'C00007') and l.quantity >= 2
         order by p.client_accountnum, p.delivery_date desc, p.packing_slip_id, l.line_no`,
    z.object({ client: z.string(), slip: z.string(), line: int, qty: int }),
  );
  for (const o of others) {
    await demoRefund(
      db,
      o.client,
      null,
      'processed',
      20,
      [{ slip: o.slip, line: o.line, qty: 1, reason: 2, decision: 'accepted' }],
      'Garantia',
    );
    await demoRefund(
      db,
      o.client,
      null,
      'requested',
      4,
      [{ slip: o.slip, line: o.line, qty: 1, reason: 1 }],
      'Pieza equivocada',
    );
  }
  if (scale === 'large') await seedLargeReturns(db);
}

/**
 * 100,000 refunds with 250,000 lines (one refund per packing slip of at least three lines: 2 or 3 of its lines,
 * one unit each), in every step by a hash of the slip. Set-based, like the ERP history.
 */
async function seedLargeReturns(db: Db) {
  await db.execute(sql`
    create temp table seed_returns on commit drop as
    select row_number() over (order by hashtext(p.packing_slip_id), p.packing_slip_id)::int as k,
           p.packing_slip_id, p.client_accountnum, p.store_id, p.store_name, p.delivery_date
      from erp_packing_slips p
     where p.packing_slip_id like 'ALB%' and (select count(*) from erp_packing_slip_lines l
                                               where l.packing_slip_id = p.packing_slip_id) >= 3
     order by hashtext(p.packing_slip_id), p.packing_slip_id
     limit 100000`);
  await db.execute(sql`
    create temp table seed_return_ids on commit drop as
    with ins as (
      insert into refunds (client_accountnum, client_name, store_id, store_name, stage, status, requested_at,
                           processed_at, observations, return_sales_id, credit_note_id)
      select s.client_accountnum, c.name, s.store_id, s.store_name, st.stage, st.status,
             s.delivery_date + interval '2 days' + (s.k % 600) * interval '1 minute',
             case when st.status = 2 then s.delivery_date + interval '9 days' end,
             'Devolucion ' || s.k,
             case when st.stage = 'processed' then '41RDL' || lpad(s.k::text, 7, '0') end,
             case when st.stage = 'processed' then '41ABL' || lpad(s.k::text, 7, '0') end
        from seed_returns s join clients c on c.accountnum = s.client_accountnum
        cross join lateral (select (array['processed','processed','processed','processed','rejected','cancelled',
                                          'requested','received','decided','decided'])[1 + s.k % 10] as stage) x
        cross join lateral (select x.stage,
                                   case when x.stage in ('processed', 'rejected', 'cancelled') then 2
                                        when x.stage = 'decided' and s.k % 20 = 8 then 3 else 1 end as status) st
      returning id, observations)
    select id, substring(observations from 12)::int as k from ins`);
  await db.execute(sql`
    insert into refund_lines (refund_id, client_accountnum, packing_slip_id, packing_slip_line_no, store_id, article_id,
                              item_id, name, reason_id, quantity, decision)
    select i.id, s.client_accountnum, l.packing_slip_id, l.line_no, s.store_id, l.article_id, l.item_id, l.name,
           1 + (s.k + l.line_no) % 5, 1,
           case when r.stage in ('processed', 'decided') then 'accepted' when r.stage = 'rejected' then 'rejected' end
      from seed_return_ids i
      join seed_returns s on s.k = i.k
      join refunds r on r.id = i.id
      join erp_packing_slip_lines l on l.packing_slip_id = s.packing_slip_id and l.line_no <= 2 + (s.k % 2)`);
  await db.execute(sql`
    insert into refund_events (refund_id, kind, at)
    select id, 'requested', requested_at from refunds where id in (select id from seed_return_ids)`);
}

/**
 * The demo refunds' evidence (a photo with its thumbnail, or a PDF) through the storage, once; run at start like
 * the gallery's images, as the files live outside the database.
 */
export async function seedReturnFiles(db: Db, storage: Storage): Promise<boolean> {
  if (await getSetting(db, 'seed.returns-files')) return false;
  const lines = await queryRows(
    db,
    sql`select l.id::int as id, l.refund_id::int as refund_id, l.client_accountnum from refund_lines l
         where l.refund_id in (select id from refunds where stage <> 'cart' order by id limit 40) order by l.id`,
    z.object({ id: int, refund_id: int, client_accountnum: z.string() }),
  );
  if (lines.length === 0) return false;
  const colours = ['#8a3b2a', '#2a5d8a', '#3c7a3a', '#7a6a2a'];
  for (const [i, line] of lines.entries()) {
    const base = `${line.refund_id}/${line.id}/demo-${line.id}`;
    if (i % 3 === 2) {
      const { simplePdf } = await import('../../lib/simple-pdf.ts');
      const body = simplePdf('Albarán de entrega firmado', [`Línea ${line.id}`, 'Documento de ejemplo']);
      const put = await storage.put(`${base}.pdf`, body, {
        contentType: 'application/pdf',
        maxBytes: 10 * 1024 * 1024,
      });
      await db.execute(sql`insert into refund_files (line_id, refund_id, client_accountnum, name, kind, mime, size, path)
        values (${line.id}, ${line.refund_id}, ${line.client_accountnum}, 'albaran-firmado.pdf', 'pdf', 'application/pdf',
                ${put.size}, ${`${base}.pdf`})`);
      continue;
    }
    const photo = await sharp({ create: { width: 800, height: 600, channels: 3, background: colours[i % 4]! } })
      .composite([
        {
          input: Buffer.from(
            `<svg width="800" height="600"><rect x="250" y="180" width="300" height="240" rx="30" fill="#d9d9d9" stroke="#333" stroke-width="12"/></svg>`,
          ),
          top: 0,
          left: 0,
        },
      ])
      .jpeg({ quality: 80 })
      .toBuffer();
    const thumb = await sharp(photo).resize(320, 320, { fit: 'inside' }).webp({ quality: 70 }).toBuffer();
    const put = await storage.put(`${base}.jpg`, photo, { contentType: 'image/jpeg', maxBytes: 10 * 1024 * 1024 });
    await storage.put(`${base}-thumb.webp`, thumb, { contentType: 'image/webp', maxBytes: 10 * 1024 * 1024 });
    await db.execute(sql`insert into refund_files (line_id, refund_id, client_accountnum, name, kind, mime, size, path, thumb_path)
      values (${line.id}, ${line.refund_id}, ${line.client_accountnum}, ${`foto-pieza-${i + 1}.jpg`}, 'jpeg', 'image/jpeg',
              ${put.size}, ${`${base}.jpg`}, ${`${base}-thumb.webp`})`);
  }
  await setSetting(db, 'seed.returns-files', '1');
  return true;
}
