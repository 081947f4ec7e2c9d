/** A refusal the caller can act on: the status and the dictionary key the web shows. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly key: string,
    readonly detail?: string,
    readonly headers?: Record<string, string>,
  ) {
    super(key);
  }
}
/** A refusal naming each field and its rule key; `message` carries the first key. */
export class RuleViolations extends AppError {
  constructor(readonly issues: { path: string; message: string }[]) {
    super(400, issues[0]?.message ?? 'WARN_ValidationError', issues.map((i) => `${i.path}: ${i.message}`).join('; '));
  }
}

/**
 * Input refused before its schema is applied (plugins/input-guard.ts): answered as a schema's refusal, and
 * carrying `validation` like one, so that a route with an error format of its own (/token) answers in it.
 */
export class InvalidInput extends AppError {
  readonly validation: { instancePath: string; message: string }[];
  constructor(path: string, reason: string) {
    super(400, 'WARN_ValidationError', `${path}: ${reason}`);
    this.validation = [{ instancePath: `/${path}`, message: reason }];
  }
}

export const badRequest = (key: string, detail?: string) => new AppError(400, key, detail);
export const notFound = (detail?: string) => new AppError(404, 'WARN_NotFound', detail);
export const unauthorized = () => new AppError(401, 'WARN_Unauthorized');
export const forbidden = () => new AppError(403, 'WARN_Forbidden');
