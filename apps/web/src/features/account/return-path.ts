/** The query parameter of /login that names the page a signed-out visitor asked for. */
export const RETURN_PARAM = 'redirect';

const BASE = 'http://portal.invalid';

/**
 * The page to open after signing in, from the `redirect` value of /login: a path of this site only (it starts
 * with one slash; never an absolute or protocol-relative URL, a backslash or a control character), and never a
 * sign-in page itself. Anything else answers null (the caller goes to the usual home page).
 */
export function safeReturnPath(value: string | null | undefined): string | null {
  if (!value || value.length > 2000 || !value.startsWith('/') || value.startsWith('//')) return null;
  // Browsers read a backslash as a slash ("/\\evil.test") and drop tabs and newlines ("/\t/evil.test").
  if (value.includes('\\') || [...value].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f)) return null;
  let url: URL;
  try {
    url = new URL(value, BASE);
  } catch {
    return null;
  }
  // "/..//evil.test" resolves to the path "//evil.test", which a browser would open as another host.
  if (url.origin !== BASE || url.pathname.startsWith('//')) return null;
  if (/^\/(login|lock)\/?$/i.test(url.pathname)) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** /login, keeping the page asked for (but not the home page, where signing in goes anyway). */
export function loginPathFor(asked: string): string {
  const path = safeReturnPath(asked);
  if (!path || path === '/' || path === '/dashboard') return '/login';
  return `/login?${new URLSearchParams({ [RETURN_PARAM]: path })}`;
}
