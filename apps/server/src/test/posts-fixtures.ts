import { expect } from 'vitest';
import { bearer, type TestApp } from './test-app.ts';

/** A news item in Spanish and Portuguese, as the posts editor posts it; `overrides` replaces whole fields. */
export const news = (overrides: Record<string, unknown> = {}) => ({
  post_cod: 1,
  sw_activo: true,
  postposted: [
    { idioma_cod: 'es', titulo: 'Noticia de prueba', resumen: 'Resumen', contenido: '<p>Hola</p>' },
    { idioma_cod: 'pt', titulo: 'Notícia de teste', resumen: 'Resumo', contenido: '<p>Olá</p>' },
  ],
  ...overrides,
});

export type PostCall = { method: 'GET' | 'POST' | 'DELETE'; url: string; payload?: unknown };

/** Calls of the posts API on a test app: `call` as a user (or anonymous), `create` a post as `admin`. */
export function postCalls(t: () => TestApp, admin: () => string) {
  const call = (token: string | null, c: PostCall) =>
    t().app.inject({
      method: c.method,
      url: c.url,
      headers: token ? bearer(token) : {},
      ...(c.payload === undefined ? {} : { payload: c.payload as object }),
    });
  async function create(body: Record<string, unknown>): Promise<number> {
    const res = await call(admin(), { method: 'POST', url: '/api/inpost/putpost/0', payload: body });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().id_post;
  }
  return { call, create };
}
