import { imageCalls } from '@portal/contract/images';
import { callUrl } from '@/lib/call';
import { type UploadProgress, uploadWithProgress } from '@/lib/upload';

/** One or more images in one request, with its progress. Answers the uploaded images. */
export async function uploadImages(files: File[], onProgress: (p: UploadProgress) => void) {
  const text = await uploadWithProgress(callUrl(imageCalls.upload), files, onProgress);
  return imageCalls.upload.response.parse(JSON.parse(text));
}
