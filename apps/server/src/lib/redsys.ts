import { createCipheriv, createHmac, timingSafeEqual } from 'node:crypto';
import { unsafeTextReason } from './input-strings.ts';

/**
 * The Redsys redirection protocol, HMAC_SHA256_V1 (see /shared/reference/payments-redsys.md):
 * a per-order key is the order number, zero-padded to a multiple of 8 bytes, encrypted with 3DES-EDE3-CBC
 * under the merchant key (IV zero, no padding); the signature is HMAC-SHA256 of the base64 parameters
 * string under that key.
 */
export const SIGNATURE_VERSION = 'HMAC_SHA256_V1';

export function orderKey(merchantKeyBase64: string, order: string): Buffer {
  const key = Buffer.from(merchantKeyBase64, 'base64');
  const data = Buffer.from(order, 'utf8');
  const padded = Buffer.alloc(Math.ceil(data.length / 8) * 8 || 8);
  data.copy(padded);
  const cipher = createCipheriv('des-ede3-cbc', key, Buffer.alloc(8));
  cipher.setAutoPadding(false);
  return Buffer.concat([cipher.update(padded), cipher.final()]);
}

export function sign(merchantKeyBase64: string, order: string, merchantParameters: string): string {
  return createHmac('sha256', orderKey(merchantKeyBase64, order)).update(merchantParameters).digest('base64');
}

export const encodeParameters = (fields: Record<string, string>) =>
  Buffer.from(JSON.stringify(fields), 'utf8').toString('base64');

/** Base64 or base64url, as Redsys sends either. */
const decodeB64 = (value: string) => Buffer.from(value.replace(/-/g, '+').replace(/_/g, '/'), 'base64');

export type SignedMessage = { Ds_SignatureVersion: string; Ds_MerchantParameters: string; Ds_Signature: string };

/** The parameters of a signed message, with keys as sent (the case differs between requests and replies). */
export function decodeParameters(merchantParameters: string): Record<string, string> {
  const parsed: unknown = JSON.parse(decodeB64(merchantParameters).toString('utf8'));
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new Error('not an object');
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(parsed)) out[k] = v === null || v === undefined ? '' : String(v);
  return out;
}

/** A field by name in any letter case, URL-decoded (the reference: decode after verifying). */
export function field(params: Record<string, string>, name: string): string | undefined {
  const lower = name.toLowerCase();
  for (const [k, v] of Object.entries(params)) {
    if (k.toLowerCase() === lower) {
      try {
        return decodeURIComponent(v.replace(/\+/g, ' '));
      } catch {
        return v;
      }
    }
  }
  return undefined;
}

export type Verified = { ok: true; params: Record<string, string>; order: string } | { ok: false; reason: string };

/**
 * Verifies a signed message before anything else is read from it: the order number comes from the
 * parameters, the signature is recomputed over the string as received and compared in constant time.
 */
export function verify(merchantKeyBase64: string, message: Partial<SignedMessage>): Verified {
  const { Ds_SignatureVersion: version, Ds_MerchantParameters: parameters, Ds_Signature: signature } = message;
  if (version !== SIGNATURE_VERSION) return { ok: false, reason: 'signature version' };
  if (!parameters || !signature) return { ok: false, reason: 'missing fields' };
  let params: Record<string, string>;
  try {
    params = decodeParameters(parameters);
  } catch {
    return { ok: false, reason: 'parameters not decodable' };
  }
  const rawOrder = Object.entries(params).find(
    ([k]) => k.toLowerCase() === 'ds_order' || k.toLowerCase() === 'ds_merchant_order',
  )?.[1];
  if (!rawOrder || !/^[0-9A-Za-z]{1,12}$/.test(rawOrder)) return { ok: false, reason: 'order' };
  const expected = Buffer.from(sign(merchantKeyBase64, rawOrder, parameters), 'base64');
  const received = decodeB64(signature);
  if (received.length !== expected.length || !timingSafeEqual(received, expected))
    return { ok: false, reason: 'signature' };
  // A signed message is still refused when a field, URL-decoded, carries text no request may carry (decision 0017):
  // whoever holds a test key could otherwise put a NUL where the database will read it.
  for (const name of Object.keys(params))
    if (unsafeTextReason(name) ?? unsafeTextReason(field(params, name) ?? '')) return { ok: false, reason: 'text' };
  return { ok: true, params, order: rawOrder };
}

/** Builds a signed message from fields (requests use DS_MERCHANT_ORDER, notifications Ds_Order). */
export function signMessage(merchantKeyBase64: string, order: string, fields: Record<string, string>): SignedMessage {
  const parameters = encodeParameters(fields);
  return {
    Ds_SignatureVersion: SIGNATURE_VERSION,
    Ds_MerchantParameters: parameters,
    Ds_Signature: sign(merchantKeyBase64, order, parameters),
  };
}

/** Ds_Response 0–99 authorises; anything else (or nothing) denies. */
export function isAuthorised(response: string | undefined): boolean {
  if (response === undefined || !/^\s*\d{1,4}\s*$/.test(response)) return false;
  const code = Number.parseInt(response, 10);
  return code >= 0 && code <= 99;
}
