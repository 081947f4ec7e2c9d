/** Field errors by path (`categoriaposted.0.nombre`, `icon`, ...), each a dictionary key; `_` for the whole form. */
export function errorsOf(issues: readonly { path: readonly PropertyKey[] | string; message: string }[]) {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const path = typeof issue.path === 'string' ? issue.path : issue.path.map(String).join('.');
    errors[path || '_'] ??= issue.message;
  }
  return errors;
}
