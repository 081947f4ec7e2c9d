import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet, { type HelmetOptions } from 'helmet';
import { type Config, GATEWAY_URLS } from '../config.ts';

/** helmet's options for the portal: a strict CSP among its headers (DESIGN §5). */
export function securityHeaderOptions(config: Config): Readonly<HelmetOptions> {
  return {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Ant Design writes its styles at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        // The map's tiles come from the configured tile servers (decision 0026).
        imgSrc: ["'self'", 'data:', 'blob:', ...config.maps.imgOrigins],
        connectSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        // The card payment form posts to the payment page.
        formAction: [
          "'self'",
          ...(config.payment.gateway === 'sandbox' ? [] : [new URL(GATEWAY_URLS[config.payment.gateway]).origin]),
        ],
        baseUri: ["'self'"],
      },
    },
  };
}

/**
 * The headers helmet sets with these options, read once: they hold no nonce and depend on nothing of a request, so
 * each reply is given the same object in one call. Running helmet's dozen middlewares on every request cost the
 * catalogue's searches about a tenth of their server time (issue 27).
 */
export function securityHeaders(options: Readonly<HelmetOptions>): Readonly<Record<string, string>> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    // X-Powered-By: Fastify never sets it.
    removeHeader() {},
  };
  let done = false;
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
    done = true;
  });
  // helmet's middlewares are synchronous; were one not, the headers above would be incomplete.
  if (!done) throw new Error('helmet did not finish synchronously');
  return Object.freeze(headers);
}
