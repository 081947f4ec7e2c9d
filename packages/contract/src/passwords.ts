import { LIMITS } from './constants.ts';

/**
 * Passwords refused because they top the public lists of leaked passwords.
 * Kept lower-case; the check is case-insensitive.
 */
const COMMON_PASSWORDS = new Set([
  '12345678', '123456789', '1234567890', '12345678910', '87654321', '11111111', '00000000', '88888888',
  '11223344', '12341234', '12121212', '123123123', '1q2w3e4r', '1qaz2wsx', 'qwertyui', 'qwertyuiop',
  'asdfghjk', 'zxcvbnm1', 'password', 'password1', 'password12', 'password123', 'passw0rd', 'p@ssw0rd',
  'p@ssword', 'contraseña', 'contrasena', 'contrasena1', 'contraseña1', 'iloveyou', 'sunshine', 'princess',
  'football', 'baseball', 'welcome1', 'welcome123', 'abcd1234', 'abc12345', 'abcdefgh', 'superman',
  'starwars', 'trustno1', 'whatever', 'letmein1', 'dragon12', 'master12', 'qwerty12', 'qwerty123',
  'qwerty1234', 'q1w2e3r4', 'a1b2c3d4', 'admin123', 'administrator', 'changeme', 'computer', 'internet',
  'michelle', 'jennifer', 'corvette', 'mercedes', 'ferrari1', 'porsche1', 'mustang1', 'barcelona',
  'realmadrid', 'madrid123', 'espana12', 'portugal', 'benfica1', 'marseille', 'azerty12', 'azertyuiop',
  'motdepasse', 'soleil12', 'senha123', 'senha1234', 'teste123', 'demo1234', 'test1234', 'usuario1',
  'bienvenido', 'hola1234', 'holahola', 'mariposa', 'tequiero', 'estrella', 'chocolate', 'samsung1',
  'google12', 'qazwsxedc', 'zaq12wsx', '!qaz2wsx', 'monkey12', 'shadow12', 'michael1', 'charlie1',
  'jordan23', 'liverpool', 'chelsea1', 'arsenal1', 'pokemon1', 'minecraft', 'fuckyou1', 'loveyou1',
  '123qweasd', 'qweasdzxc', '1q2w3e4r5t', 'aa123456', 'a123456789', 'abc123456', '147258369', '159753456',
]);

export function isCommonPassword(password: string): boolean {
  return COMMON_PASSWORDS.has(password.toLowerCase());
}

export function passwordProblem(password: string): string | null {
  if (password.length < LIMITS.passwordMinLength) return 'WARN_PasswordTooShort';
  if (password.length > LIMITS.passwordMaxLength) return 'WARN_PasswordTooLong';
  if (isCommonPassword(password)) return 'WARN_PasswordTooCommon';
  return null;
}
