import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Locator, type Page } from '@playwright/test';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
export const DEMO_PASSWORD = 'demo1234';
/** The port of the server under test (playwright.config.ts, scripts/e2e-server.ts). */
export const E2E_PORT = process.env.E2E_PORT ?? '3100';

/**
 * The screenshots are for a person to look at; `E2E_SCREENSHOTS=0` (CI, where nobody does) saves none. Nothing a
 * journey asserts depends on them.
 */
const SCREENSHOTS = process.env.E2E_SCREENSHOTS !== '0';

/** Saves a full-page screenshot under test-results/screens/ at the repository root. */
export async function shot(page: Page, name: string): Promise<void> {
  if (!SCREENSHOTS) return;
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

/**
 * No sideways scroll: the page is no wider than its window. Polled, as a layout that follows the window's width
 * (Ant Design's breakpoints, a resize observer) settles a render after `setViewportSize` returns; a loaded machine
 * read it before.
 */
export async function expectNoSidewaysScroll(page: Page): Promise<void> {
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth))
    .toBeLessThanOrEqual(0);
}

/**
 * Starts watching the page for an element matching `selector` whose text contains `text`, and answers a function
 * that waits until one has appeared since. For what shows only a moment (a message, a dialog that closes itself
 * after a second): a mutation observer sees it even when the test reads the page later, as on a loaded machine.
 */
export async function watchFor(page: Page, selector: string, text: string): Promise<() => Promise<void>> {
  const key = randomUUID();
  await page.evaluate(
    ([key, selector, text]) => {
      const seen = window as unknown as Record<string, boolean>;
      const found = () =>
        Array.from(document.querySelectorAll(selector)).some((el) => el.textContent?.includes(text) ?? false);
      const observer = new MutationObserver(() => {
        if (!found()) return;
        seen[key] = true;
        observer.disconnect();
      });
      observer.observe(document.body, { subtree: true, childList: true, characterData: true });
    },
    [key, selector, text] as const,
  );
  return async () => {
    await page.waitForFunction((key) => (window as unknown as Record<string, boolean>)[key] === true, key);
  };
}

/** Full-page screenshot from the top of the page (the sticky header and side menu then sit where they belong). */
export async function topShot(page: Page, name: string): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, 0));
  await shot(page, name);
}

/** A screenshot of the window: modals, dialogs and overlays (a full-page capture misplaces fixed layers). */
export async function windowShot(page: Page, name: string): Promise<void> {
  if (!SCREENSHOTS) return;
  await page.screenshot({ path: path.join(REPO_ROOT, 'test-results/screens', `${name}.png`) });
}

/** Fills the login form and submits it with Enter (the form must be on screen). */
export async function submitLogin(page: Page, userName: string, password: string): Promise<void> {
  await page.getByLabel(/^(Usuario|User name|Nom d'utilisateur|Utilizador)$/).fill(userName);
  await page.getByLabel(/^(Contraseña|Password|Mot de passe|Palavra-passe)$/).fill(password);
  await page.getByLabel(/^(Contraseña|Password|Mot de passe|Palavra-passe)$/).press('Enter');
}

/**
 * Signs a demo user in as the login form does (`POST /token` with the password grant, the answer kept in
 * localStorage under the app's key) and opens `path`, the dashboard unless told. A journey whose subject is not the
 * login form starts so where it works: each test's fresh browser loads no login page and no dashboard first, which
 * was about half of the browser's work in a short journey. The form itself is what sign-in.spec.ts,
 * sign-in-return.spec.ts, session.spec.ts and register.spec.ts go through (`submitLogin`).
 */
export async function signIn(page: Page, user: string, path = '/dashboard'): Promise<void> {
  const res = await page.request.post('/token', {
    form: { grant_type: 'password', username: user, password: DEMO_PASSWORD },
  });
  expect(res.status(), `sign-in of ${user}`).toBe(200);
  const token = (await res.json()) as { access_token: string; refresh_token: string; userName: string };
  const auth = JSON.stringify({
    token: token.access_token,
    userName: token.userName,
    refreshToken: token.refresh_token,
    useRefreshTokens: true,
  });
  const origin = new URL(res.url()).origin;
  // Once for this sign-in, this tab and this origin (the mark is the sign-in's own): a later sign-out stays as it is,
  // and a later sign-in of another user in the same journey is stored at its own first page.
  const mark = `e2e.signed-in.${randomUUID()}`;
  await page.addInitScript(
    ([data, at, once]) => {
      if (location.origin !== at || sessionStorage.getItem(once)) return;
      sessionStorage.setItem(once, '1');
      localStorage.setItem('authorizationData', data);
    },
    [auth, origin, mark] as const,
  );
  await page.goto(path);
  // The signed-in layout is there (its sign-out button), not the login page. The first page of a fresh browser
  // compiles the whole shell: on a loaded machine that took more than the 15 s of an ordinary expectation.
  await expect(page.getByTestId('logout')).toBeAttached({ timeout: 60_000 });
}

/** The DATA_DIR of the server under test, written by scripts/e2e-server.ts. */
export function dataDir(): string {
  const file = path.join(REPO_ROOT, `test-results/e2e-data-dir-${E2E_PORT}.txt`);
  if (!fs.existsSync(file)) throw new Error(`No ${file}: is scripts/e2e-server.ts running?`);
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

/**
 * Runs axe-core (WCAG 2.x A and AA rules plus best practices) on the page as it is now and fails, listing each
 * rule, its impact and the first offending elements, when a serious or critical violation is found (issue 11).
 * `within` (a locator, or a CSS selector) limits it to one part, e.g. a dialog opened over another.
 */
export async function expectNoSeriousA11yViolations(
  page: Page,
  name: string,
  within?: Locator | string,
): Promise<void> {
  // A menu or popup still fading in or out is half transparent: axe would measure its passing colours.
  await motionsDone(page);
  // axe.run in the page itself (legacy mode): the default runs each frame's part, then opens a blank page in the
  // context to finish, a new renderer each time: 2.3–4.4 s of CPU per check against 0.4 s for the run itself. The
  // portal has no iframe, which is all the default adds.
  const builder = new AxeBuilder({ page })
    .setLegacyMode()
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice']);
  // Measured with the page at its top, then put back: the signed-in header is sticky, and a link scrolled beneath it
  // counts as an obscured target, so the result would depend on where the test happened to scroll (the reader scrolls
  // it back into view). Nothing lies under the header at the top.
  const scrolled = await page.evaluate(() => {
    const at = { x: window.scrollX, y: window.scrollY };
    window.scrollTo(0, 0);
    return at;
  });
  // axe takes CSS: a locator's elements are marked for the run with an attribute of their own, then unmarked.
  const located = typeof within === 'object' ? within : null;
  const mark = `data-axe-${randomUUID()}`;
  if (located) {
    const marked = await located.evaluateAll((els, attr) => {
      for (const el of els) el.setAttribute(attr, '');
      return els.length;
    }, mark);
    expect(marked, `the part of ${name} axe checks`).toBeGreaterThan(0);
  }
  const scope = typeof within === 'object' ? `[${mark}]` : within;
  const results = await (scope ? builder.include(scope) : builder).analyze();
  if (located) {
    await located.evaluateAll((els, attr) => {
      for (const el of els) el.removeAttribute(attr);
    }, mark);
  }
  await page.evaluate(({ x, y }) => window.scrollTo(x, y), scrolled);
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const report = serious.map(
    (v) =>
      `${v.id} (${v.impact}, ${v.nodes.length}): ${v.nodes
        .slice(0, 3)
        .map((n) => n.target.join(' '))
        .join(' | ')}`,
  );
  expect(report, `axe-core on ${name}`).toEqual([]);
}

/** The Authorization header of the signed-in user of the page (its stored access token). */
export async function bearer(page: Page): Promise<Record<string, string>> {
  const token = await page.evaluate(() => JSON.parse(localStorage.getItem('authorizationData') ?? '{}').token);
  expect(token).toBeTruthy();
  return { Authorization: `Bearer ${token}` };
}

/** The one row of a jqGrid call (`path`) whose `field` equals `value`, as the signed-in user of the page reads it. */
export async function onlyGridRow<Row>(page: Page, path: string, field: string, value: string): Promise<Row> {
  const filters = JSON.stringify({ groupOp: 'AND', rules: [{ field, op: 'eq', data: value }] });
  const res = await page.request.get(`${path}?_search=true&filters=${encodeURIComponent(filters)}`, {
    headers: await bearer(page),
  });
  expect(res.ok()).toBe(true);
  const rows = (await res.json()).rows as Row[];
  expect(rows).toHaveLength(1);
  return rows[0] as Row;
}

/** Every line of the signed-in user's cart deleted through the API: the journey starts from an empty cart. */
export async function clearCart(page: Page): Promise<void> {
  const headers = await bearer(page);
  const cart = await page.request.get('/api/incheckout/getcurrentcart?lang=es', { headers });
  expect(cart.ok()).toBe(true);
  for (const line of (await cart.json()).cartitem_views as { id_linea: number }[]) {
    const removed = await page.request.delete(`/api/incheckout/deletefromcurrentcart/${line.id_linea}`, { headers });
    expect(removed.ok()).toBe(true);
  }
}

/**
 * A line of `quantity` of the article `ref` (its ERP reference) added to the signed-in user's cart through the API: a
 * journey whose subject is not adding to the cart starts from its cart so.
 */
export async function addToCart(page: Page, ref: string, quantity = 1): Promise<void> {
  const added = await page.request.post('/api/incheckout/addtocurrentcartfromrefjumasa', {
    headers: await bearer(page),
    data: { ref_jumasa: ref, quantity },
  });
  expect(added.ok(), `${ref} added to the cart`).toBe(true);
}

/**
 * The list of the select that is open, found as a reader's tools find it: the open combobox names its list
 * (`aria-controls`), not Ant Design's class names. The element of that id is the list itself, or (a long, virtual list)
 * a hidden copy for screen readers beside it: its parent holds the options shown either way, each titled with its text.
 */
export async function openList(page: Page): Promise<Locator> {
  const combobox = page.getByRole('combobox', { expanded: true });
  await expect(combobox).toHaveCount(1);
  const id = await combobox.getAttribute('aria-controls');
  expect(id).toBeTruthy();
  return page.locator(`[id="${id}"]`).locator('..');
}

/** Picks the option titled `option` of the open select's list, and sees the list close. */
export async function pickOption(page: Page, option: string): Promise<void> {
  const list = await openList(page);
  const item = list.getByTitle(option, { exact: true });
  await expect(item).toBeVisible();
  await motionsDone(page);
  await item.click();
  await expect(list).toBeHidden();
}

/** Opens a select, waits for its list to finish opening, picks the option and sees it chosen. */
export async function chooseOption(page: Page, testId: string, option: string) {
  const select = page.getByTestId(testId);
  await select.click();
  await pickOption(page, option);
  await expect(select).toContainText(option);
}
