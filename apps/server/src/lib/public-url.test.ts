import { describe, expect, it } from 'vitest';
import { listenAddress } from './public-url.ts';

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
