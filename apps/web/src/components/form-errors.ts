import { ApiError } from '@/lib/api-error';

/** Field errors by path (`latitude`, `categoriaposted.0.nombre`, ...), each a dictionary key; `_` for the whole form. */
export type FieldErrors = Record<string, string>;

/** The field errors of a list of issues (the contract's checks, or the server's): the first one of each path. */
export function errorsOf(issues: readonly { path: readonly PropertyKey[] | string; message: string }[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const path = typeof issue.path === 'string' ? issue.path : issue.path.map(String).join('.');
    errors[path || '_'] ??= issue.message;
  }
  return errors;
}

/** A save the server refused by its rules (400) as field errors (its issues, or its message for the whole form); null for any other failure. */
export function refusedFields(error: unknown): FieldErrors | null {
  if (!(error instanceof ApiError) || error.status !== 400) return null;
  return errorsOf(error.body?.issues ?? [{ path: '_', message: error.body?.message ?? '' }]);
}

/** A Form.Item's error props for a path: its translated message, or nothing while the field is right. */
export const fieldErrorOf = (errors: FieldErrors, t: (key: string) => string) => (path: string) =>
  errors[path] ? { validateStatus: 'error' as const, help: t(errors[path]!) } : {};

/** A save's onError that shows the server's refusal by its rules (400) on the fields; other failures are left alone. */
export const showRefusal = (show: (errors: FieldErrors) => void) => (error: unknown) => {
  const found = refusedFields(error);
  if (found) show(found);
};
