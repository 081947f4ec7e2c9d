import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, type Page } from '@playwright/test';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
export const DEMO_PASSWORD = 'demo1234';

/** Saves a full-page screenshot under test-results/screens/ at the repository root. */
export async function shot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: path.join(REPO_ROOT, 'test-results/screens', `${name}.png`), fullPage: true });
}

/** The widths the portal is tried at: a desktop, the 979 px breakpoint, a phone. */
export const WIDTHS = [
  [1440, 900],
  [979, 800],
  [390, 844],
] as const;

/**
 * At each of the three widths: `check` (what must hold at that width), then a full-page screenshot from the
 * top named `<name>-<width>`. The window is back to the journeys' 1280×800 afterwards.
 */
export async function atThreeWidths(page: Page, name: string, check?: () => Promise<void>): Promise<void> {
  for (const [width, height] of WIDTHS) {
    await page.setViewportSize({ width, height });
    await check?.();
    await topShot(page, `${name}-${width}`);
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

/**
 * Waits until no Ant Design motion runs on the page (an element opening, closing or appearing carries the
 * classes `<motion>-appear|enter|leave[-prepare|-start|-active]` until its animation ends), so that a
 * screenshot shows the end state.
 */
export async function motionsDone(page: Page): Promise<void> {
  await page.waitForFunction(
    () =>
      !Array.from(document.querySelectorAll('[class]')).some((el) =>
        Array.from(el.classList).some((c) => /-(appear|enter|leave)(-(prepare|start|active))?$/.test(c)),
      ),
  );
}

/** Full-page screenshot from the top of the page (the sticky header and side menu then sit where they belong). */
export async function topShot(page: Page, name: string): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, 0));
  await shot(page, name);
}

/** A screenshot of the window: modals, dialogs and overlays (a full-page capture misplaces fixed layers). */
export async function windowShot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: path.join(REPO_ROOT, 'test-results/screens', `${name}.png`) });
}

/** Fills the login form and submits it with Enter (the form must be on screen). */
export async function submitLogin(page: Page, userName: string, password: string): Promise<void> {
  await page.getByLabel(/^(Usuario|User name|Nom d'utilisateur|Utilizador)$/).fill(userName);
  await page.getByLabel(/^(Contraseña|Password|Mot de passe|Palavra-passe)$/).fill(password);
  await page.getByLabel(/^(Contraseña|Password|Mot de passe|Palavra-passe)$/).press('Enter');
}

/** Signs a demo user in through the login page and waits for the dashboard. */
export async function signIn(page: Page, user: string): Promise<void> {
  await page.goto('/login');
  await submitLogin(page, user, DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/dashboard$/);
}

/** The DATA_DIR of the server under test, written by scripts/e2e-server.ts. */
export function dataDir(): string {
  const candidates = [
    path.join(REPO_ROOT, 'test-results/e2e-data-dir.txt'),
    path.join(REPO_ROOT, 'apps/web/test-results/e2e-data-dir.txt'),
  ];
  const file = candidates.find((f) => fs.existsSync(f));
  if (!file) throw new Error(`No e2e-data-dir.txt in ${candidates.join(' or ')}`);
  return fs.readFileSync(file, 'utf8').trim();
}

/** The newest e-mail of the outbox whose text contains `needle`, decoded from quoted-printable. */
export function newestMailContaining(needle: string): string {
  const outbox = path.join(dataDir(), 'outbox');
  const files = fs.existsSync(outbox)
    ? fs
        .readdirSync(outbox)
        .filter((f) => f.endsWith('.eml'))
        .map((f) => path.join(outbox, f))
        .sort((a, b) => fs.statSync(b).mtimeMs - fs.statSync(a).mtimeMs)
    : [];
  for (const file of files) {
    const text = decodeQuotedPrintable(fs.readFileSync(file, 'utf8'));
    if (text.includes(needle)) return text;
  }
  throw new Error(`No e-mail in ${outbox} mentions ${needle}`);
}

export function decodeQuotedPrintable(text: string): string {
  return text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

/** Waits until the app is signed out on the login page. */
export async function expectLoginPage(page: Page): Promise<void> {
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.locator('#auth-title')).toBeVisible();
}
