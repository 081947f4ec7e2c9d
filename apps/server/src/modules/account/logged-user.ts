import type { LoggedUser } from '@portal/contract/account';
import { ROLES } from '@portal/contract/constants';
import type { Principal } from '../../plugins/auth.ts';

/** GET /api/account/getUser's answer for the caller: also a part of the signed-in frame's one call (modules/site.ts). */
export function loggedUserOf(me: Principal): LoggedUser {
  const buy = me.roles.includes(ROLES.buy);
  return {
    username: me.username,
    image_id: me.imageId,
    rank: buy ? `${me.rank},${ROLES.buy}` : String(me.rank),
    rankNumber: me.rank,
    ubication: me.clientStore ? 1 : 0,
    roles: me.roles,
    permitirCompras: buy,
    cliente_id: me.clientId,
    clientName: me.clientName,
    language: me.profileLanguage,
  };
}
