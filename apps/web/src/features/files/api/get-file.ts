import { fileCalls } from '@portal/contract/files';
import { callUrl } from '@/lib/call';
import { fetchFile, saveBlob } from '@/lib/download';

/** Downloads a file of the library (binary: as an attachment) and saves it under its name. */
export async function downloadLibraryFile(fullPath: string, name: string): Promise<void> {
  const { blob, name: saved } = await fetchFile(callUrl(fileCalls.file, { query: { fullPath, binary: true } }), name);
  saveBlob(blob, saved);
}
