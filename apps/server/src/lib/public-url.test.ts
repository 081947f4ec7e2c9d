import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { listenAddress, publicBaseUrl } from './public-url.ts';

describe('listenAddress', () => {
  it('is localhost on every interface or the loopback one, else the interface listened on', () => {
    expect(listenAddress('0.0.0.0', 3000)).toBe('http://localhost:3000');
    expect(listenAddress('::', 3000)).toBe('http://localhost:3000');
    expect(listenAddress('127.0.0.1', 3100)).toBe('http://localhost:3100');
    expect(listenAddress('::1', 3100)).toBe('http://localhost:3100');
    expect(listenAddress('10.0.0.5', 8080)).toBe('http://10.0.0.5:8080');
    expect(listenAddress('fd00::5', 8080)).toBe('http://[fd00::5]:8080');
    expect(listenAddress('portal.internal', 80)).toBe('http://portal.internal:80');
  });
});

describe('publicBaseUrl', () => {
  const hosts = new Map([
    ['recambia.example', 0],
    ['pecaslus.example', 1],
  ]);
  const request = (hostname: string, port: number, protocol = 'http') =>
    ({ hostname, port, protocol }) as unknown as FastifyRequest;
  const withPublicUrl = publicBaseUrl({
    publicUrl: 'https://recambia.example',
    hosts,
    host: '0.0.0.0',
    port: () => 3000,
  });
  const without = publicBaseUrl({ publicUrl: undefined, hosts, host: '0.0.0.0', port: () => 3000 });

  it("keeps each brand on its own configured domain, with PUBLIC_URL's scheme behind the proxy", () => {
    expect(withPublicUrl(request('PecasLus.example', 443, 'http'))).toBe('https://pecaslus.example');
    expect(withPublicUrl(request('recambia.example', 3000))).toBe('https://recambia.example');
  });

  it('answers PUBLIC_URL, else the listen address, for any other Host', () => {
    for (const hostname of ['evil.example', '127.0.0.1', 'recambia.example.evil.example']) {
      expect(withPublicUrl(request(hostname, 3000))).toBe('https://recambia.example');
      expect(without(request(hostname, 3000))).toBe('http://localhost:3000');
    }
  });

  it('without PUBLIC_URL, a configured name keeps the port only when it is the listen port', () => {
    expect(without(request('pecaslus.example', 3000))).toBe('http://pecaslus.example:3000');
    expect(without(request('pecaslus.example', 8443, 'https'))).toBe('https://pecaslus.example');
  });
});
