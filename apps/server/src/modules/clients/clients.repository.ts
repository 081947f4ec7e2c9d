import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { clientAddresses, clients, stores, welcomeTexts } from '../../db/schema/schema.ts';

export function clientsRepository(db: Db) {
  return {
    workZones: () =>
      db
        .select({ accountnum: clients.accountnum, name: clients.name })
        .from(clients)
        .where(eq(clients.isWorkZone, true))
        .orderBy(asc(clients.name)),

    async isWorkZone(accountnum: string): Promise<boolean> {
      const rows = await db
        .select({ a: clients.accountnum })
        .from(clients)
        .where(and(eq(clients.accountnum, accountnum), eq(clients.isWorkZone, true)))
        .limit(1);
      return rows.length > 0;
    },

    async profile(accountnum: string) {
      const rows = await db
        .select({
          accountnum: clients.accountnum,
          name: clients.name,
          nomcomercial: clients.commercialName,
          email: clients.email,
          phone: clients.phone,
          almacen: clients.storeId,
          almacenName: stores.name,
          es_plate: clients.esPlate,
          fr_plate: clients.frPlate,
          it_plate: clients.itPlate,
          pt_plate: clients.ptPlate,
        })
        .from(clients)
        .leftJoin(stores, eq(stores.id, clients.storeId))
        .where(eq(clients.accountnum, accountnum))
        .limit(1);
      const client = rows[0];
      if (!client) return null;
      const addresses = await db
        .select({
          id: clientAddresses.id,
          name: clientAddresses.name,
          street: clientAddresses.street,
          city: clientAddresses.city,
          zipcode: clientAddresses.zipcode,
          countryregionid: clientAddresses.country,
          isdefault: clientAddresses.isDefault,
        })
        .from(clientAddresses)
        .where(eq(clientAddresses.clientAccountnum, accountnum))
        .orderBy(asc(clientAddresses.id));
      return { ...client, addresses };
    },

    async welcomeHtml(context: number, lang: string): Promise<string | null> {
      const rows = await db
        .select({ html: welcomeTexts.html })
        .from(welcomeTexts)
        .where(and(eq(welcomeTexts.context, context), eq(welcomeTexts.lang, lang)))
        .limit(1);
      return rows[0]?.html ?? null;
    },
  };
}
export type ClientsRepository = ReturnType<typeof clientsRepository>;
