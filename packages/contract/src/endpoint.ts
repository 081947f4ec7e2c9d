import { z } from 'zod';
import type { Rank } from './constants.ts';

/**
 * Who may call an endpoint, checked once on the server (plugins/auth.ts) and read by the web to hide what the caller
 * may not do:
 * - 'anonymous': anybody; 'optional': anybody, known when a token is sent; 'user': any signed-in person;
 * - { rank } at least that rank, { role } holding that role;
 * - { scope }: a machine client of the integration API holding that scope (decision 0057). A person's token never
 *   reaches such an endpoint, and a machine token reaches nothing else.
 */
export type Access = 'anonymous' | 'optional' | 'user' | { rank?: Rank; role?: string } | { scope: IntegrationScope };

/** What an integration client may do: send data to the portal, receive the portal's events. */
export const INTEGRATION_SCOPES = ['erp.feeds', 'erp.events'] as const;
export type IntegrationScope = (typeof INTEGRATION_SCOPES)[number];

/** How many calls an integration client may make a minute (each instance counts in the database: decision 0052). */
export const INTEGRATION_CALLS_PER_MINUTE = 600;

type Schema = z.ZodType;
type RefusalStatus = 400 | 401 | 403 | 404 | 409 | 410 | 413 | 415 | 422 | 429 | 503;

/**
 * One call of the API, declared once (issue 24): the server registers its route from it (lib/endpoint-route.ts), the
 * web calls it through one typed function (lib/call.ts), and the OpenAPI document describes it.
 */
export type EndpointDef = {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Fastify's form: `/api/x/:id`. */
  path: `/${string}`;
  access: Access;
  summary: string;
  /** A longer explanation for the API document. */
  description?: string;
  tags: readonly string[];
  params?: z.ZodObject;
  query?: Schema;
  body?: Schema;
  /** The successful answer's body. */
  response: Schema;
  /**
   * Its status (200 unless said); 302 and 303 are pages the browser opens that redirect (`response` is then
   * `z.null()`).
   */
  status?: 200 | 201 | 202 | 204 | 302 | 303;
  /** It answers 304 with no body to a revalidation its ETag matches (a picture's bytes). */
  notModified?: true;
  /** The refusals the call answers, each with its body. */
  refusals?: Partial<Record<RefusalStatus, Schema>>;
  /** Request content types besides JSON (NDJSON, a form). */
  consumes?: readonly string[];
  /** The content types of a file answer (its bytes; `response` is then `z.any()`): for the API document. */
  produces?: readonly string[];
  /** The parts of a multipart/form-data upload, for the API document (the handler reads the parts itself). */
  multipart?: Schema;
};

/** Declares an endpoint, keeping its literal types. */
export const endpoint = <const E extends EndpointDef>(e: E): E => e;

type Out<S> = S extends z.ZodType ? z.output<S> : undefined;
type In<S> = S extends z.ZodType ? z.input<S> : undefined;
/** What a handler receives (parsed) and what a caller sends (before defaults). */
export type ParamsOf<E extends EndpointDef> = Out<E['params']>;
export type QueryOf<E extends EndpointDef> = Out<E['query']>;
export type BodyOf<E extends EndpointDef> = Out<E['body']>;
export type ResponseOf<E extends EndpointDef> = z.output<E['response']>;
export type CallInput<E extends EndpointDef> = (E['params'] extends z.ZodType ? { params: In<E['params']> } : object) &
  (E['query'] extends z.ZodType ? { query?: In<E['query']> } : object) &
  (E['body'] extends z.ZodType ? { body: In<E['body']> } : object);

/** The path of a call with its parameters put in (each encoded). */
export function pathOf(e: Pick<EndpointDef, 'path'>, params?: Record<string, unknown>): string {
  return e.path.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === null) throw new Error(`${e.path}: the parameter ${name} is missing`);
    return encodeURIComponent(String(value));
  });
}

/** The 304 of a call with `notModified`: no body. */
export const notModifiedAnswer = z.null().describe('Not modified');

/** The answer of a call that sends a file's bytes (with `produces`): documented as binary, never serialised. */
export const fileBytes = z.any().describe('The file');
