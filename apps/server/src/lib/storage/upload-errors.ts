import { AppError } from '../app-error.ts';
import { StorageError } from './storage.ts';

/**
 * A storage refusal as the spec's error body: a path that leaves the root or is unsafe 400
 * WARN_FileOutsideRoot, too large 413 WARN_FileTooLarge, a refused type 415 WARN_FileTypeRefused, and so on.
 * Anything else is thrown as it is (a 500).
 */
export function storageRefusal(error: unknown, detail?: string): unknown {
  if (!(error instanceof StorageError)) return error;
  switch (error.code) {
    case 'bad-path':
      return new AppError(400, 'WARN_FileOutsideRoot', detail ?? error.message);
    case 'too-large':
      return new AppError(413, 'WARN_FileTooLarge', detail ?? error.message);
    case 'refused-type':
      return new AppError(415, 'WARN_FileTypeRefused', detail ?? error.message);
    case 'not-found':
      return new AppError(404, 'WARN_NotFound', detail ?? error.message);
    case 'not-empty':
      return new AppError(409, 'WARN_FolderNotEmpty', detail ?? error.message);
    case 'exists':
      return new AppError(409, 'WARN_FileExists', detail ?? error.message);
  }
}
