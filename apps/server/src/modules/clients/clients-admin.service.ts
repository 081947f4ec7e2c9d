import { CLIENT_LOGOUT_TYPES, type ClientDetail, type putClientRequest, USERS_MESSAGES } from '@portal/contract/users';
import type { z } from 'zod';
import type { Principal } from '../../plugins/auth.ts';
import { badRequest, notFound } from '../../plugins/errors.ts';
import type { ClientErpData, ClientsAdminRepository } from './clients-admin.repository.ts';

/** Where a change request goes when the client's store has no notice address. */
export const CHANGE_REQUEST_FALLBACK = 'clientes@recambia.example';

const ERP_FIELDS: (keyof ClientErpData)[] = ['name', 'nomcomercial', 'email', 'phone'];
const ERP_LABELS: Record<keyof ClientErpData, string> = {
  name: 'Nombre',
  nomcomercial: 'Nombre comercial',
  email: 'Correo electrónico',
  phone: 'Teléfono',
};

type Deps = { repo: ClientsAdminRepository; clock: () => Date };

/** Client administration (issue 14; decision 0032). */
export function clientsAdminService({ repo, clock }: Deps) {
  async function detail(accountnum: string): Promise<ClientDetail> {
    const row = await repo.byId(accountnum);
    if (!row) throw notFound();
    const { storeEmail: _storeEmail, ...client } = row;
    return { ...client, isnew: false, addresses: await repo.addresses(accountnum) };
  }

  return {
    detail,

    /** getnewclient/{id}: a blank client with that account number (an existing one answers itself). */
    async blank(accountnum: string): Promise<ClientDetail> {
      if (await repo.byId(accountnum)) return detail(accountnum);
      return {
        accountnum,
        isnew: true,
        name: '',
        nomcomercial: null,
        email: null,
        phone: null,
        almacen: null,
        es_plate: false,
        fr_plate: false,
        it_plate: false,
        pt_plate: false,
        boqpedido: false,
        bloqtodo: false,
        addresses: [],
        users: 0,
        pendingRequests: 0,
      };
    },

    /**
     * putcliente/{accountnum}: a new client is created whole; for an existing one the portal's settings are saved
     * and a change of its ERP-mirrored data becomes a request e-mailed to its store (email: 1), never written.
     */
    async save(me: Principal, accountnum: string, body: z.output<typeof putClientRequest>) {
      if (body.almacen !== null && !(await repo.storeExists(body.almacen))) {
        throw badRequest(USERS_MESSAGES.storeUnknown);
      }
      const settings = {
        almacen: body.almacen,
        es_plate: body.es_plate,
        fr_plate: body.fr_plate,
        it_plate: body.it_plate,
        pt_plate: body.pt_plate,
        boqpedido: body.boqpedido,
        bloqtodo: body.bloqtodo,
      };
      const current = await repo.byId(accountnum);
      if (!current) {
        await repo.insert(accountnum, body, settings);
        return { accountnum, email: 0 as const, message: USERS_MESSAGES.saveOk };
      }
      const changes: Record<string, { from: string | null; to: string | null }> = {};
      for (const field of ERP_FIELDS) {
        if ((current[field] ?? null) !== (body[field] ?? null)) {
          changes[field] = { from: current[field] ?? null, to: body[field] ?? null };
        }
      }
      const changed = Object.keys(changes) as (keyof ClientErpData)[];
      const to = current.storeEmail ?? CHANGE_REQUEST_FALLBACK;
      const mail =
        changed.length === 0
          ? null
          : {
              subject: `Petición de cambio de datos del cliente ${accountnum}`,
              body: [
                `El usuario ${me.username} pide cambiar estos datos del cliente ${accountnum} (${current.name}):`,
                '',
                ...changed.map((f) => `- ${ERP_LABELS[f]}: «${changes[f]!.from ?? ''}» → «${changes[f]!.to ?? ''}»`),
                '',
                `Fecha de la petición: ${clock().toISOString()}`,
                'Los datos se cambian en el ERP; el portal los recibirá con la próxima sincronización.',
              ].join('\n'),
            };
      await repo.update(accountnum, settings, mail ? { changes, to, by: me.id } : null, mail);
      return mail
        ? { accountnum, email: 1 as const, message: USERS_MESSAGES.clientChangeRequested }
        : { accountnum, email: 0 as const, message: USERS_MESSAGES.saveOk };
    },

    async remove(accountnum: string): Promise<void> {
      if (!(await repo.byId(accountnum))) throw notFound();
      if (await repo.hasHistory(accountnum)) throw badRequest(USERS_MESSAGES.clientHasHistory);
      await repo.remove(accountnum);
    },

    async forceLogouts(accountnum: string, type: number): Promise<number> {
      if (!(await repo.byId(accountnum))) throw notFound();
      return type === CLIENT_LOGOUT_TYPES.invoices
        ? repo.endInvoiceLinks(accountnum, clock())
        : repo.endSessions(accountnum, clock());
    },
  };
}
export type ClientsAdminService = ReturnType<typeof clientsAdminService>;
