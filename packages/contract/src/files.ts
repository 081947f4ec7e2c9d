/** The file library (spec part 2 §2, §3, §4, §5, §6, §7, §8): calls under /api/infile and their rules. */
import { z } from 'zod';
import { RANK } from './constants.ts';
import { endpoint, fileBytes } from './endpoint.ts';
import { errorBody } from './errors.ts';

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

/**
 * The content type a stored file is served with, by what its bytes were recognised as (the server's
 * lib/storage/content-type.ts recognises them): the library's downloads and the API document's `produces`.
 */
export const STORED_CONTENT_TYPES = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  gif: 'image/gif',
  pdf: 'application/pdf',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xls: 'application/vnd.ms-excel',
  csv: 'text/csv; charset=utf-8',
  text: 'text/plain; charset=utf-8',
} as const;

/** What getfile may answer: a recognised file's type (its charset aside), else application/octet-stream. */
const LIBRARY_FILE_TYPES = [
  ...new Set([...Object.values(STORED_CONTENT_TYPES).map((t) => t.split(';')[0]!), 'application/octet-stream']),
];

const tags = ['files'] as const;
const admin = { rank: RANK.admin } as const;
const F = '/api/infile';

const limitsText =
  'Each file is recognised by its bytes and must carry an extension of what it is (PDF, xls/xlsx/xlsm/xlt, csv, ' +
  'docx, txt, JPEG, PNG, WebP, GIF); executables and SVG/HTML are refused under any name (415 ' +
  'WARN_FileTypeRefused). Each file at most UPLOAD_MAX_FILE_MB, at most UPLOAD_MAX_FILES files (413 ' +
  'WARN_FileTooLarge / WARN_TooManyFiles, refused while streaming).';
const uploadRefusals = {
  400: errorBody,
  404: errorBody,
  409: errorBody,
  413: errorBody,
  415: errorBody,
} as const;

/**
 * The calls of the file library (spec part 2 §7; decision 0027; issue 24: each declared once). Signed-in users list
 * and download; admins upload, put, create folders and delete. The technical files under the same prefix are the
 * catalogue's.
 */
export const fileCalls = {
  folder: endpoint({
    method: 'GET',
    path: `${F}/getfiles/`,
    access: 'user',
    summary: 'One folder of the library (id: its path, the root when empty): folders first, then files, by name',
    description:
      'A page of pindex (from 0) and psize (1–5,000) entries and the folder’s total. A folder’s children are loaded by their own call.',
    tags,
    query: filesQuery,
    response: fileFolderPage,
    refusals: { 400: errorBody, 404: errorBody },
  }),
  file: endpoint({
    method: 'GET',
    path: `${F}/getfile`,
    access: 'user',
    summary: 'A file of the library: binary true (default) saves it (attachment), false shows it in the browser',
    tags,
    query: fileQuery,
    produces: LIBRARY_FILE_TYPES,
    response: fileBytes,
    refusals: { 400: errorBody, 404: errorBody },
  }),
  upload: endpoint({
    method: 'POST',
    path: `${F}/upload`,
    access: admin,
    summary: 'Upload one or more new files into a folder (?fullPath, the root by default); multipart, any field name',
    description: `${limitsText} A name already in the folder is refused (409 WARN_FileExists; putfile replaces). All or nothing.`,
    tags,
    consumes: ['multipart/form-data'],
    multipart: uploadParts,
    query: uploadQuery,
    response: filesStored,
    refusals: uploadRefusals,
  }),
  put: endpoint({
    method: 'POST',
    path: `${F}/putfile`,
    access: admin,
    summary: 'Put one file at a path (?fullPath, its folder must exist), replacing the file there',
    description: `${limitsText} A refused file leaves the one there as it was. Only the first file part is used.`,
    tags,
    consumes: ['multipart/form-data'],
    multipart: uploadParts,
    query: putFileQuery,
    response: fileStored,
    refusals: uploadRefusals,
  }),
  createFolder: endpoint({
    method: 'POST',
    path: `${F}/createemptydirectory`,
    access: admin,
    summary: 'Create an empty folder called name inside fullPath (the root by default)',
    description: 'The name is cleaned (lib/storage/paths.ts); an existing one is refused (409 WARN_FolderExists).',
    tags,
    body: createFolderRequest,
    response: fileDone,
    refusals: { 400: errorBody, 404: errorBody, 409: errorBody },
  }),
  deleteFile: endpoint({
    method: 'DELETE',
    path: `${F}/deletefile`,
    access: admin,
    summary: 'Delete a file of the library',
    tags,
    query: deleteFileQuery,
    response: fileDone,
    refusals: { 400: errorBody, 404: errorBody },
  }),
  deleteFolder: endpoint({
    method: 'DELETE',
    path: `${F}/deletefolder`,
    access: admin,
    summary: 'Delete a folder; one that is not empty only with force=true (after the second confirmation)',
    description: 'Without force a folder that holds anything is refused: 409 WARN_FolderNotEmpty, nothing deleted.',
    tags,
    query: deleteFolderQuery,
    response: fileDone,
    refusals: { 400: errorBody, 404: errorBody, 409: errorBody },
  }),
};
