import { buildUrl } from '@/lib/api-client';
import { fetchFile, saveBlob } from '@/lib/download';

/** GET /api/infile/getfile?binary=true: downloads a file of the library and saves it under its name. */
export async function downloadLibraryFile(fullPath: string, name: string): Promise<void> {
  const { blob, name: saved } = await fetchFile(buildUrl('/api/infile/getfile', { fullPath, binary: true }), name);
  saveBlob(blob, saved);
}
