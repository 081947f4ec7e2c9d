/** Query keys of the sync screen: a run, syncall, deleteTable or retry invalidates `all`. */
export const syncKeys = {
  all: ['sync'] as const,
  list: () => [...syncKeys.all, 'list'] as const,
  runs: (page: number) => [...syncKeys.all, 'runs', page] as const,
  messages: (id: number) => [...syncKeys.all, 'messages', id] as const,
  errors: () => [...syncKeys.all, 'errors'] as const,
  feeds: () => [...syncKeys.all, 'feeds'] as const,
};
