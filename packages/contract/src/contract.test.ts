import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { registerRequest } from './account.ts';
import { ALLOWED_TEXT, defaultLanguageFor, rankOf } from './constants.ts';
import { passwordProblem } from './passwords.ts';

describe('rankOf', () => {
  it('derives 2 for admin, 1 for clientadmin without admin, 0 otherwise', () => {
    expect(rankOf(['admin'])).toBe(2);
    expect(rankOf(['clientadmin', 'admin'])).toBe(2);
    expect(rankOf(['clientadmin', 'permitirCompras'])).toBe(1);
    expect(rankOf(['searchplate'])).toBe(0);
    expect(rankOf([])).toBe(0);
  });
});

describe('password rules', () => {
  it('refuses short, long and common passwords and accepts the rest', () => {
    expect(passwordProblem('Ab1-xyz')).toBe('WARN_PasswordTooShort');
    expect(passwordProblem('a'.repeat(129))).toBe('WARN_PasswordTooLong');
    expect(passwordProblem('PASSWORD123')).toBe('WARN_PasswordTooCommon');
    expect(passwordProblem('Frenos-Discos-2026')).toBeNull();
  });

  it('any password of 8 to 128 characters outside the common list passes', () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 8, maxLength: 128 }).filter((s) => s.length >= 8),
        (p) => {
          const problem = passwordProblem(p);
          return problem === null || problem === 'WARN_PasswordTooCommon';
        },
      ),
    );
  });
});

describe('registerRequest', () => {
  const valid = {
    userName: 'taller@correo.example',
    password: 'Frenos-Discos-2026',
    confirmPassword: 'Frenos-Discos-2026',
    terms: true,
    workzone: 'Z0001',
  };
  it('accepts a complete registration', () => {
    expect(registerRequest.safeParse(valid).success).toBe(true);
  });
  it('names the rule that failed', () => {
    const r = registerRequest.safeParse({ ...valid, confirmPassword: 'other-password-1' });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toBe('WARN_PasswordsDoNotMatch');
  });
});

describe('constants', () => {
  it('context 1 defaults to Portuguese, the others to Spanish', () => {
    expect(defaultLanguageFor(1)).toBe('pt');
    expect(defaultLanguageFor(0)).toBe('es');
    expect(defaultLanguageFor(2)).toBe('es');
  });
  it('the remark character set allows letters, digits, spaces and hyphens only', () => {
    expect(ALLOWED_TEXT.test('Pedido 12-B Ñandú')).toBe(true);
    expect(ALLOWED_TEXT.test('a;drop')).toBe(false);
    expect(ALLOWED_TEXT.test('<b>')).toBe(false);
  });
});
