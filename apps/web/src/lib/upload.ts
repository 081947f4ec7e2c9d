import { refreshAccessToken } from '@/lib/api-client';
import { ApiError, parseErrorBody } from '@/lib/api-error';
import { getAuth } from '@/lib/auth-storage';

export type UploadProgress = { loaded: number; total: number };

function sendOnce(
  url: string,
  files: File[],
  onProgress: (p: UploadProgress) => void,
  signal?: AbortSignal,
): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    const token = getAuth()?.token;
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.setRequestHeader('Accept', 'application/json');
    const size = files.reduce((s, f) => s + f.size, 0);
    xhr.upload.onprogress = (e) => onProgress({ loaded: e.loaded, total: e.lengthComputable ? e.total : size });
    xhr.onload = () => resolve({ status: xhr.status, text: xhr.responseText });
    xhr.onerror = () => reject(new ApiError({ status: 0, body: null, raw: 'network error' }));
    xhr.onabort = () => reject(new DOMException('aborted', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    const body = new FormData();
    for (const file of files) body.append('file', file, file.name);
    xhr.send(body);
  });
}

/**
 * A multipart POST of files (field `file`) through XMLHttpRequest, so that its progress is seen (fetch has no upload
 * progress). One refresh of the token on a 401, as the API client does. Answers the response text; a refusal is an
 * ApiError.
 */
export async function uploadWithProgress(
  url: string,
  files: File[],
  onProgress: (p: UploadProgress) => void,
  signal?: AbortSignal,
): Promise<string> {
  let answer = await sendOnce(url, files, onProgress, signal);
  if (answer.status === 401 && (await refreshAccessToken())) answer = await sendOnce(url, files, onProgress, signal);
  if (answer.status >= 200 && answer.status < 300) return answer.text;
  throw new ApiError({ status: answer.status, body: parseErrorBody(answer.text), raw: answer.text });
}
