import { pipeline, type Readable } from 'node:stream';
import { FILE_MESSAGES, type FileFolderPage, type FileTreeItem, fileIcon } from '@portal/contract/files';
import { wholeContentCheck } from '../../lib/storage/content-check.ts';
import { type ContentKind, HEAD_BYTES, recognise } from '../../lib/storage/content-type.ts';
import { cleanName, splitPath, storagePath } from '../../lib/storage/paths.ts';
import { type Storage, type StorageEntry, StorageError } from '../../lib/storage/storage.ts';
import { peekHead } from '../../lib/storage/stream-limit.ts';
import { storageRefusal } from '../../lib/storage/upload-errors.ts';
import { AppError, badRequest, notFound } from '../../plugins/errors.ts';

/** A file part of a multipart upload (what @fastify/multipart yields, narrowed). */
export type UploadPart = { type: 'file'; filename: string; file: Readable } | { type: 'field' };

/**
 * The extensions a recognised content may be stored under: a PDF is a .pdf, a workbook an .xlsx or .xlsm, and so
 * on. A file whose name says one thing and whose bytes another (a renamed file) is refused.
 */
const EXTENSIONS: Record<ContentKind, readonly string[]> = {
  jpeg: ['jpg', 'jpeg'],
  png: ['png'],
  webp: ['webp'],
  gif: ['gif'],
  pdf: ['pdf'],
  xlsx: ['xlsx', 'xlsm'],
  docx: ['docx'],
  xls: ['xls', 'xlt'],
  csv: ['csv', 'xlt'],
  text: ['txt'],
};
const extensionOf = (name: string) => /\.([a-z0-9]+)$/i.exec(name)?.[1]?.toLowerCase() ?? '';

const item = (e: StorageEntry): FileTreeItem => ({
  name: e.name,
  fullPath: e.path,
  isFolder: e.kind === 'folder',
  children: e.kind === 'folder' ? [] : null,
  expanded: false,
  size: e.size,
  modified: e.modifiedAt.toISOString(),
  icon: e.kind === 'folder' ? 'folder' : fileIcon(e.name),
});

/** The file name of an upload: its last part (either slash), cleaned (lib/storage/paths.ts). */
const folderNotFound = (rel: string) => new AppError(404, FILE_MESSAGES.folderNotFound, rel);

const uploadName = (filename: string) => cleanName(filename.replaceAll('\\', '/').split('/').pop() ?? '', 'fichero');

type Deps = { storage: Storage; maxFileBytes: number; maxFiles: number };

/**
 * The file library (spec part 2 §2, §6, §7): the storage's `library/` folder (the storage given is scoped to it).
 * Every path a caller sends goes through `storagePath` (inside the library or refused 400 WARN_FileOutsideRoot).
 * An upload is all or nothing: each file is recognised by its bytes, must carry an extension of what it is, and
 * streams into the storage with the per-file limit enforced on the way; when any is refused, the files the same
 * request already stored are deleted.
 */
export function filesService({ storage, maxFileBytes, maxFiles }: Deps) {
  /** A caller's path, checked and normalised ('' for the root); refused as the spec's 400. */
  function checked(input: string): string {
    try {
      return storagePath(input);
    } catch (error) {
      throw storageRefusal(error);
    }
  }

  async function requireFolder(rel: string) {
    if (!rel) {
      await storage.createFolder('');
      return;
    }
    const found = await storage.stat(rel);
    if (!found || !('kind' in found)) throw folderNotFound(rel);
  }

  /** Recognises one uploaded file and stores it at `target`; answers what was stored. */
  async function storeOne(part: { filename: string; file: Readable }, target: string) {
    const { head, stream } = await peekHead(part.file, HEAD_BYTES);
    const found = recognise(head, part.filename);
    const name = splitPath(target).name;
    if ('refused' in found || !EXTENSIONS[found.kind].includes(extensionOf(name))) {
      stream.destroy();
      const why = 'refused' in found ? found.refused : `${found.kind} named .${extensionOf(name)}`;
      throw new AppError(415, FILE_MESSAGES.typeRefused, `${part.filename}: ${why}`);
    }
    // Text is checked to its last byte as it is stored (lib/storage/content-check.ts).
    const check = wholeContentCheck(found.kind);
    const content = check ? pipeline(stream, check, () => undefined) : stream;
    const stored = await storage.put(target, content, { contentType: found.contentType, maxBytes: maxFileBytes });
    return { name, fullPath: stored.path, size: stored.size };
  }

  /** Reads the parts of a multipart request, calling `each` for every file (at most maxFiles of them). */
  async function eachFile(
    parts: AsyncIterable<UploadPart>,
    each: (part: { filename: string; file: Readable }) => Promise<void>,
  ) {
    let files = 0;
    for await (const part of parts) {
      if (part.type !== 'file') continue;
      files += 1;
      if (files > maxFiles) {
        part.file.resume();
        throw new AppError(413, FILE_MESSAGES.tooMany, `at most ${maxFiles} files per request`);
      }
      await each(part);
    }
    if (files === 0) throw badRequest(FILE_MESSAGES.noFiles);
    return files;
  }

  return {
    /** One page of a folder's entries, folders first and by name. */
    async list(folder: string, pindex: number, psize: number): Promise<FileFolderPage> {
      const rel = checked(folder);
      try {
        if (!rel) await storage.createFolder('');
        const page = await storage.listPage(rel, pindex * psize, psize);
        if (!page) throw folderNotFound(rel);
        return { id: rel, pindex, psize, total: page.total, items: page.entries.map(item) };
      } catch (error) {
        throw storageRefusal(error);
      }
    },

    /** A file's content and name, or 404. */
    async open(fullPath: string) {
      const rel = checked(fullPath);
      try {
        const got = rel ? await storage.get(rel) : null;
        if (!got) throw notFound();
        return { ...got, name: splitPath(rel).name };
      } catch (error) {
        throw storageRefusal(error);
      }
    },

    /** Stores new files in a folder; a name already there is refused (409 WARN_FileExists: putfile replaces). */
    async upload(folder: string, parts: AsyncIterable<UploadPart>) {
      const rel = checked(folder);
      const stored: { name: string; fullPath: string; size: number }[] = [];
      const seen = new Set<string>();
      try {
        await requireFolder(rel);
        await eachFile(parts, async (part) => {
          const name = uploadName(part.filename);
          const target = rel ? `${rel}/${name}` : name;
          if (seen.has(target.toLowerCase()) || (await storage.stat(target))) {
            part.file.resume();
            throw new AppError(409, FILE_MESSAGES.fileExists, target);
          }
          seen.add(target.toLowerCase());
          stored.push(await storeOne(part, target));
        });
        return stored;
      } catch (error) {
        for (const s of stored) await storage.delete(s.fullPath).catch(() => undefined);
        throw storageRefusal(error);
      }
    },

    /** Puts one file at a path (its folder must exist), replacing the file there; a refused one leaves it. */
    async put(fullPath: string, parts: AsyncIterable<UploadPart>) {
      const rel = checked(fullPath);
      if (!rel) throw badRequest(FILE_MESSAGES.outsideRoot, 'the root is not a file');
      let stored: { name: string; fullPath: string; size: number } | null = null;
      try {
        await requireFolder(splitPath(rel).parent);
        const existing = await storage.stat(rel);
        if (existing && 'kind' in existing) throw new AppError(409, FILE_MESSAGES.fileExists, `a folder is at ${rel}`);
        // One file is put: the first file part; any other is read past and ignored (the answer says which was put).
        await eachFile(parts, async (part) => {
          if (stored) {
            part.file.resume();
            return;
          }
          stored = await storeOne(part, rel);
        });
        return stored!;
      } catch (error) {
        throw storageRefusal(error);
      }
    },

    /** Creates a folder in `parent` under a cleaned name; refused when it exists (409 WARN_FolderExists). */
    async createFolder(parent: string, name: string) {
      const rel = checked(parent);
      const clean = cleanName(name.trim(), '');
      if (!clean) throw badRequest(FILE_MESSAGES.folderNameNotAllowed);
      const target = rel ? `${rel}/${clean}` : clean;
      try {
        await requireFolder(rel);
        if (await storage.stat(target)) throw new AppError(409, FILE_MESSAGES.folderExists, target);
        await storage.createFolder(target);
        return { fullPath: target, message: 'MSG_ElementSaved' };
      } catch (error) {
        throw storageRefusal(error);
      }
    },

    async deleteFile(fullPath: string) {
      const rel = checked(fullPath);
      try {
        const found = rel ? await storage.stat(rel) : null;
        if (!found || 'kind' in found) throw notFound();
        await storage.delete(rel);
        return { fullPath: rel, message: FILE_MESSAGES.deleted };
      } catch (error) {
        throw storageRefusal(error);
      }
    },

    /** Deletes a folder; one that is not empty only with `force` (the second confirmation), else 409. */
    async deleteFolder(fullPath: string, force: boolean) {
      const rel = checked(fullPath);
      if (!rel) throw badRequest(FILE_MESSAGES.outsideRoot, 'the root cannot be deleted');
      try {
        const found = await storage.stat(rel);
        if (!found || !('kind' in found)) throw folderNotFound(rel);
        if (!(await storage.deleteFolder(rel, { recursive: force }))) throw folderNotFound(rel);
        return { fullPath: rel, message: FILE_MESSAGES.deleted };
      } catch (error) {
        if (error instanceof StorageError && error.code === 'not-empty')
          throw new AppError(409, FILE_MESSAGES.folderNotEmpty, rel);
        throw storageRefusal(error);
      }
    },
  };
}

export type FilesService = ReturnType<typeof filesService>;
