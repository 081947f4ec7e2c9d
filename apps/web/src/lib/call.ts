import { type CallInput, type EndpointDef, pathOf, type ResponseOf } from '@portal/contract/endpoint';
import type { QueryClient } from '@tanstack/react-query';
import { apiRequest, buildUrl, type QueryValue, type RequestOptions } from './api-client';

type CallOptions = Pick<RequestOptions, 'silent' | 'signal'>;

const FORM = 'application/x-www-form-urlencoded';

/**
 * Calls an endpoint declared in the contract (issue 24): its method and path come from the declaration, its input
 * and answer are typed by its schemas. No path literal and no hand-written request type on the web.
 */
export function call<E extends EndpointDef>(
  e: E,
  input: CallInput<E>,
  options: CallOptions = {},
): Promise<ResponseOf<E>> {
  const { params, query, body } = input as { params?: Record<string, unknown>; query?: object; body?: unknown };
  // A call that takes a form (POST /token) is sent form encoded; every other body is JSON.
  const form = e.consumes?.includes(FORM) ?? false;
  return apiRequest<ResponseOf<E>>(pathOf(e, params), {
    method: e.method,
    query: query as Record<string, QueryValue> | undefined,
    ...(body === undefined ? {} : form ? { form: body as Record<string, string | undefined> } : { json: body }),
    auth: e.access !== 'anonymous',
    ...options,
  });
}

/** The query key of a call: its declaration and its input, so that one call's cached answers never mix with another's. */
export function callKey<E extends EndpointDef>(e: E, input?: Partial<CallInput<E>>): readonly unknown[] {
  return [e.method, e.path, input ?? {}];
}

/** Whether a query key is one of a call's (`callKey(e, …)`, whatever its input). */
export function isKeyOf(key: readonly unknown[], e: EndpointDef): boolean {
  return key[0] === e.method && key[1] === e.path;
}

/**
 * The URL of a call with its parameters and query put in, for what does not go through `call()`: an upload with
 * progress (XMLHttpRequest), a link.
 */
export function callUrl<E extends EndpointDef>(e: E, input: Partial<CallInput<E>> = {}): string {
  const { params, query } = input as { params?: Record<string, unknown>; query?: Record<string, QueryValue> };
  return buildUrl(pathOf(e, params), query);
}

/**
 * Marks stale every cached answer of these calls, whatever their input (`callKey(e)` is the prefix of them all). The
 * promise settles once the ones on screen are read again: a mutation's `onSuccess` that returns it holds its own
 * callbacks (a screen's `onSaved`) until then, as `invalidateQueries` did.
 */
export async function invalidateCalls(queryClient: QueryClient, ...endpoints: EndpointDef[]): Promise<void> {
  await Promise.all(endpoints.map((e) => queryClient.invalidateQueries({ queryKey: callKey(e) })));
}
