import { type LanguageKey, ROLES } from '@portal/contract/constants';
import { erpNameIn } from '@portal/contract/erp-names';
import type { Principal } from '../../plugins/auth.ts';
import { notFound } from '../../plugins/errors.ts';
import type { CartService } from '../cart/cart.service.ts';
import type { CheckoutRepository } from './checkout.repository.ts';

/**
 * What the checkout offers a location to choose from (part 1 §5): the client's delivery addresses, a store's delivery
 * modes and the client's payment methods, each with its default. Read through the repository (routes hold no data
 * access; issue 24, decision 0084).
 */
export function checkoutOptions({ cart, repo }: { cart: CartService; repo: CheckoutRepository }) {
  /** The client whose data an admin may read by id; anyone else only reads their own client's (else 404). */
  async function clientFor(me: Principal, id?: string) {
    const owner = await cart.ownerOf(me);
    if (id === undefined || id === owner.clientId) return owner;
    if (!me.roles.includes(ROLES.admin)) throw notFound();
    const client = await repo.client(id);
    if (!client) throw notFound();
    return { userId: me.id, clientId: client.accountnum, homeStore: client.store_id, language: me.language };
  }

  /** Each label in the reader's language, else the ERP's name (decision 0091). */
  async function dlvModes(storeId: string | null, isAddressWeb: boolean, lang: LanguageKey) {
    const modes = (await repo.dlvModes(storeId)).filter((m) => !isAddressWeb || m.carrier);
    return {
      selected: (modes.find((m) => m.is_default) ?? modes[0])?.id ?? null,
      dlvmodes: modes.map((m) => ({ id: m.id, label: erpNameIn(m.name, m.names, lang) })),
    };
  }

  return {
    /** The delivery addresses of the caller's client (or, for an admin, of client `id`); the user's default chosen. */
    async addresses(me: Principal, id?: string) {
      const { clientId } = await clientFor(me, id);
      const [addresses, userDefault] = await Promise.all([repo.addresses(clientId), repo.userDefaultAddress(me.id)]);
      const selected =
        addresses.find((a) => a.id === userDefault) ?? addresses.find((a) => a.is_default) ?? addresses[0];
      return {
        selected: selected?.id ?? null,
        addrlist: addresses.map((a) => ({ id: a.id, label: `${a.name} · ${a.street}, ${a.zipcode} ${a.city}` })),
      };
    },

    /** A store's delivery modes (every mode without a store); to a web (alternative) address only carriers. */
    dlvModes,

    /** The delivery modes of the home store of the caller's client (or, for an admin, of client `id`). */
    async dlvModesOfClient(me: Principal, id: string) {
      return dlvModes((await clientFor(me, id)).homeStore, false, me.language);
    },

    /** The payment methods of the caller's client and the default. */
    async paymentMethods(me: Principal) {
      const methods = await repo.paymentMethods((await clientFor(me)).clientId);
      return {
        availablemethods: methods.map((m) => ({
          id: m.id,
          paymentmodelabel: erpNameIn(m.name, m.names, me.language),
          channel: m.canal_pago_cod,
        })),
        default: (methods.find((m) => m.is_default) ?? methods[0])?.id ?? null,
      };
    },
  };
}
export type CheckoutOptions = ReturnType<typeof checkoutOptions>;
