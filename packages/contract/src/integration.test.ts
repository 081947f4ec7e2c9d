import { describe, expect, it } from 'vitest';
import { webhookUrlProblem } from './integration.ts';

describe('webhookUrlProblem (the form and the server apply it)', () => {
  const dev = { allowPlainHttpLoopback: true };
  const production = { allowPlainHttpLoopback: false };
  it('takes https anywhere, and plain http on this machine only when allowed', () => {
    for (const url of ['https://erp.example/hooks', 'https://10.0.0.5:8443/x?y=1']) {
      expect(webhookUrlProblem(url, production)).toBeNull();
      expect(webhookUrlProblem(url, dev)).toBeNull();
    }
    for (const url of ['http://127.0.0.1:4010/hooks', 'http://localhost/x', 'http://[::1]:9/x']) {
      expect(webhookUrlProblem(url, dev)).toBeNull();
      expect(webhookUrlProblem(url, production)).toBe('WARN_IntegrationUrlHttpsOnly');
    }
    expect(webhookUrlProblem('http://127.0.0.2/x', dev)).toBe('WARN_IntegrationUrlHttpsOnly');
  });
  it('refuses what is empty, relative, of another scheme, with credentials or a fragment', () => {
    expect(webhookUrlProblem('  ', dev)).toBe('WARN_IntegrationUrlRequired');
    for (const url of ['/hooks', 'ftp://erp.example/x', 'https://u:p@erp.example/x', 'https://erp.example/#x'])
      expect(webhookUrlProblem(url, dev)).toBe('WARN_IntegrationUrlInvalid');
  });
});
