/** Query keys of the file library: a write invalidates the folder it changed (`folder(path)`), or `all`. */
export const fileKeys = {
  all: ['files'] as const,
  folders: () => [...fileKeys.all, 'folder'] as const,
  folder: (path: string) => [...fileKeys.folders(), path] as const,
  page: (path: string, pindex: number) => [...fileKeys.folder(path), pindex] as const,
};
