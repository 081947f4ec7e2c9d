import type { Image } from '@portal/contract/images';
import { type UploadProgress, uploadWithProgress } from '@/lib/upload';

/** POST /api/inimage/upload of one or more images in one request, with its progress. Answers the uploaded images. */
export async function uploadImages(files: File[], onProgress: (p: UploadProgress) => void): Promise<Image[]> {
  return JSON.parse(await uploadWithProgress('/api/inimage/upload', files, onProgress)) as Image[];
}
