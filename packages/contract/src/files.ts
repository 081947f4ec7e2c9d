/** The file library (spec part 2 §2, §3, §4, §5, §6, §7, §8): calls under /api/infile and their rules. */
import { z } from 'zod';

/** Entries of one folder per getfiles/ call: 500 by default, 5,000 at most (a folder of 5,000 in one call). */
export const FILE_PAGE_SIZE = 500;
export const FILE_PAGE_SIZE_MAX = 5000;

export const FILE_LIMITS = { folderNameMax: 120, pathMax: 1024 } as const;

/** The dictionary keys the rules answer with; the web shows the same ones. */
export const FILE_MESSAGES = {
  folderNameRequired: 'WARN_FolderNameRequired',
  folderNameTooLong: 'WARN_FolderNameTooLong',
  folderNameNotAllowed: 'WARN_FolderNameNotAllowed',
  folderExists: 'WARN_FolderExists',
  folderNotFound: 'WARN_FolderNotFound',
  folderNotEmpty: 'WARN_FolderNotEmpty',
  fileExists: 'WARN_FileExists',
  noFiles: 'WARN_FileNoFiles',
  tooLarge: 'WARN_FileTooLarge',
  tooMany: 'WARN_TooManyFiles',
  typeRefused: 'WARN_FileTypeRefused',
  outsideRoot: 'WARN_FileOutsideRoot',
  deleted: 'WARN_DeleteOK',
} as const;

/** The icon a file shows (spec part 2 §2): PDF, Excel (xls, xlsx, xlsm, csv, xlt) or a generic file. */
export type FileIcon = 'pdf' | 'excel' | 'file';
export const EXCEL_EXTENSIONS = ['xls', 'xlsx', 'xlsm', 'csv', 'xlt'] as const;

export const extensionOf = (name: string) => /\.([a-z0-9]+)$/i.exec(name)?.[1]?.toLowerCase() ?? '';

export function fileIcon(name: string): FileIcon {
  const ext = extensionOf(name);
  if (ext === 'pdf') return 'pdf';
  if ((EXCEL_EXTENSIONS as readonly string[]).includes(ext)) return 'excel';
  return 'file';
}

/** Paths use slashes; a backslash counts as one (spec part 2 §2). '' is the library's root. */
export const slashed = (p: string) =>
  p
    .replaceAll('\\', '/')
    .split('/')
    .filter((s) => s !== '')
    .join('/');

/** The extensions accepted in the library, each file recognised by its bytes on the server. */
export const FILE_ACCEPT = '.pdf,.xls,.xlsx,.xlsm,.csv,.xlt,.docx,.txt,.jpg,.jpeg,.png,.webp,.gif';

// Control characters and the characters no name on any system may hold.
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it refuses.
const NOT_IN_NAMES = /[\u0000-\u001f\u007f/\\:*?"<>|%]/;

/** A new folder's name: 1–120 characters, none of / \ : * ? " < > | % nor control characters, not . or .. */
export const folderName = z
  .string()
  .trim()
  .min(1, FILE_MESSAGES.folderNameRequired)
  .max(FILE_LIMITS.folderNameMax, FILE_MESSAGES.folderNameTooLong)
  .refine((s) => !NOT_IN_NAMES.test(s) && !/^\.+$/.test(s), FILE_MESSAGES.folderNameNotAllowed);

/** A path a caller sends; the server resolves it inside the library and refuses it when it leaves. */
const filePath = z.string().max(FILE_LIMITS.pathMax);

const flag = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0'])])
  .transform((v) => v === true || v === 'true' || v === '1');

/** GET getfiles/ (id: the folder, '' or absent for the root; pindex from 0; psize 1–5,000). */
export const filesQuery = z.object({
  id: filePath.default(''),
  pindex: z.coerce.number().int().min(0).max(1_000_000).default(0),
  psize: z.coerce.number().int().min(1).max(FILE_PAGE_SIZE_MAX).default(FILE_PAGE_SIZE),
});
export type FilesQuery = z.input<typeof filesQuery>;

/** A file tree item (spec part 2 §3): name, children (a list for a folder, none for a file), expanded flag. */
export const fileTreeItem = z.object({
  name: z.string(),
  /** The item's path from the library's root, with slashes. */
  fullPath: z.string(),
  isFolder: z.boolean(),
  /** A folder's children are loaded by their own getfiles/ call: the list is empty until then. */
  children: z.array(z.never()).nullable(),
  expanded: z.boolean(),
  size: z.number().int(),
  modified: z.string(),
  icon: z.enum(['folder', 'pdf', 'excel', 'file']),
});
export type FileTreeItem = z.infer<typeof fileTreeItem>;

/** One page of a folder: its entries (folders first, by name) and how many it holds in all. */
export const fileFolderPage = z.object({
  id: z.string(),
  pindex: z.number().int(),
  psize: z.number().int(),
  total: z.number().int(),
  items: z.array(fileTreeItem),
});
export type FileFolderPage = z.infer<typeof fileFolderPage>;

/** GET getfile (fullPath; binary true: an attachment to save, false: shown in the browser when it can). */
export const fileQuery = z.object({ fullPath: filePath.min(1), binary: flag.default(true) });

/** POST upload (?fullPath: the folder, the root by default) and POST putfile (?fullPath: the file's path). */
export const uploadQuery = z.object({ fullPath: filePath.default('') });
/**
 * An upload's multipart/form-data body as the API document describes it: one part per file, under any field name
 * (`file` here). The server reads the parts as they stream; nothing validates them against this schema.
 */
export const uploadParts = z.object({
  file: z.array(z.file()).min(1).describe('One part per file; any field name is accepted'),
});
export const putFileQuery = z.object({ fullPath: filePath.min(1) });

/** POST createemptydirectory: a name, made inside the folder fullPath (the root by default). */
export const createFolderRequest = z.object({ name: folderName, fullPath: filePath.default('') });
export type CreateFolderRequest = z.input<typeof createFolderRequest>;

/** DELETE deletefile (fullPath). DELETE deletefolder (fullPath; force after the second confirmation). */
export const deleteFileQuery = z.object({ fullPath: filePath.min(1) });
export const deleteFolderQuery = z.object({ fullPath: filePath.min(1), force: flag.default(false) });

export const fileStored = z.object({ name: z.string(), fullPath: z.string(), size: z.number().int() });
export const filesStored = z.array(fileStored);
export const fileDone = z.object({ fullPath: z.string(), message: z.string() });
