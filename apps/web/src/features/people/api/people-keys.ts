import type { GridParams } from '@/lib/documents/grid-state';

/** Query keys of people administration: users (grids, details, roles, stores, addresses) and clients. */
export const peopleKeys = {
  users: ['people', 'users'] as const,
  userLists: () => [...peopleKeys.users, 'list'] as const,
  userList: (params: GridParams, clientId?: string) => [...peopleKeys.userLists(), clientId ?? '*', params] as const,
  user: (id: string, clientId?: string) => [...peopleKeys.users, 'detail', id, clientId ?? ''] as const,
  roles: (id: string, lang: string) => [...peopleKeys.users, 'roles', id, lang] as const,
  stores: (id: string) => [...peopleKeys.users, 'stores', id] as const,
  addresses: (kind: 'user' | 'client', id: string) => [...peopleKeys.users, 'addresses', kind, id] as const,
  me: () => [...peopleKeys.users, 'me'] as const,
  clients: ['people', 'clients'] as const,
  clientLists: () => [...peopleKeys.clients, 'list'] as const,
  clientList: (params: GridParams) => [...peopleKeys.clientLists(), params] as const,
  client: (id: string, isNew: boolean) => [...peopleKeys.clients, 'detail', id, isNew] as const,
};
