import type { ErrorBody } from '@portal/contract/errors';

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Entity',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};

/** A refused or failed call. `status` 0 means the server could not be reached. */
export class ApiError extends Error {
  readonly status: number;
  readonly statusText: string;
  readonly body: Partial<ErrorBody> | null;
  readonly raw: string;
  readonly retryAfterSeconds: number | null;

  constructor(init: {
    status: number;
    statusText?: string;
    body: Partial<ErrorBody> | null;
    raw: string;
    retryAfter?: string | null;
  }) {
    const text = init.statusText || STATUS_TEXT[init.status] || '';
    super(init.body?.error_description ?? init.body?.message ?? `${init.status} ${text}`.trim());
    this.name = 'ApiError';
    this.status = init.status;
    this.statusText = text;
    this.body = init.body;
    this.raw = init.raw;
    const seconds = init.retryAfter ? Number.parseInt(init.retryAfter, 10) : Number.NaN;
    this.retryAfterSeconds = Number.isFinite(seconds) ? seconds : null;
  }

  /** Field problems the server reported (zod issues), keyed by the first path segment. */
  get issues(): { path: string; message: string }[] {
    return this.body?.issues ?? [];
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** Reads an error body: JSON when it parses to an object, otherwise null (the raw text is kept apart). */
export function parseErrorBody(raw: string): Partial<ErrorBody> | null {
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
    const v = value as Record<string, unknown>;
    const str = (key: string) => (typeof v[key] === 'string' ? (v[key] as string) : undefined);
    const issues = Array.isArray(v.issues)
      ? v.issues
          .filter((i): i is { path: unknown; message: unknown } => typeof i === 'object' && i !== null)
          .map((i) => ({
            path: Array.isArray(i.path) ? i.path.join('.') : String(i.path ?? ''),
            message: String(i.message ?? ''),
          }))
      : undefined;
    return {
      message: str('message') ?? str('Message'),
      messagedetail: str('messagedetail') ?? str('MessageDetail'),
      exceptionmessage: str('exceptionmessage') ?? str('ExceptionMessage'),
      error: str('error'),
      error_description: str('error_description'),
      issues,
    };
  } catch {
    return null;
  }
}

/** The ApiError of a refused reply: its status, its body read as above, and its Retry-After. */
export async function errorFromResponse(response: Response): Promise<ApiError> {
  const raw = await response.text().catch(() => '');
  return new ApiError({
    status: response.status,
    statusText: response.statusText,
    body: parseErrorBody(raw),
    raw,
    retryAfter: response.headers.get('Retry-After'),
  });
}
