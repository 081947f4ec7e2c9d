import { refreshAccessToken } from './api-client';
import { ApiError, errorFromResponse } from './api-error';
import { getAuth } from './auth-storage';
import { fileNameFromDisposition } from './file-name';
import { requestFinished, requestStarted } from './pending-requests';

type FetchFileOptions = {
  /** The Accept header (e.g. application/pdf); none by default. */
  accept?: string;
  signal?: AbortSignal;
};

function fetchWithToken(url: string, { accept, signal }: FetchFileOptions): Promise<Response> {
  const token = getAuth()?.token;
  return fetch(url, {
    headers: { ...(accept ? { Accept: accept } : {}), ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    credentials: 'same-origin',
    signal,
  });
}

/**
 * Downloads a file with the bearer token (one refresh on a 401, as the API client does) and keeps its
 * Content-Disposition name (else `fallbackName`). A refusal is an ApiError, a failed connection an ApiError
 * with status 0; the caller decides which popup it shows.
 */
export async function fetchFile(
  url: string,
  fallbackName: string,
  options: FetchFileOptions = {},
): Promise<{ blob: Blob; name: string }> {
  requestStarted();
  try {
    let response = await fetchWithToken(url, options);
    if (response.status === 401 && (await refreshAccessToken())) response = await fetchWithToken(url, options);
    if (!response.ok) throw await errorFromResponse(response);
    const name = fileNameFromDisposition(response.headers.get('Content-Disposition'), fallbackName);
    return { blob: await response.blob(), name };
  } catch (error) {
    if (error instanceof ApiError) throw error;
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError({ status: 0, body: null, raw: String(error) });
  } finally {
    requestFinished();
  }
}

/** Saves a blob under a file name through a temporary object URL. */
export function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
