import AxeBuilder from '@axe-core/playwright';
import { expect, type APIRequestContext, type Page } from '@playwright/test';

/** Mobile and desktop widths every journey checks. */
export const viewports = {
  desktop: { width: 1280, height: 800 },
  mobile: { width: 390, height: 844 },
} as const;

/** Collects console errors and page errors so a journey can assert there were none. */
export function watchConsole(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

/** Fails on any serious or critical axe violation. */
export async function expectNoSeriousA11yViolations(page: Page) {
  // A toast fading in has too little contrast for a moment: axe reads the colours as they are drawn.
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => animation.playState !== 'running' || animation.effect?.getComputedTiming().endTime === Infinity),
  );
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
  expect(serious.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual([]);
}

/**
 * Waits until React owns the page's <h1>: a prerendered page shows before its code runs, and its
 * buttons answer only after hydration.
 */
export async function waitForApp(page: Page) {
  await expect
    .poll(() => page.evaluate(() => Object.keys(document.querySelector('h1') ?? {}).some((key) => key.startsWith('__reactFiber'))))
    .toBe(true);
}

/** The demo Pro account a fresh embedded install (and the journey server) has. */
export const demoProAccount = { email: 'pro@fueldesk.demo', password: 'Demo-Pro-2026' };
/** The demo administrator of a fresh embedded install. */
export const demoAdminAccount = { email: 'admin@fueldesk.demo', password: 'Demo-Admin-2026' };

export interface ApiSession {
  accessToken: string;
  refreshToken: string;
}

type LoginAnswer = { access_token: string; refresh_token: string; user: Record<string, unknown> };

async function logInThroughApi(request: APIRequestContext, account: { email: string; password: string }): Promise<LoginAnswer> {
  const response = await request.post('/api/auth/login', { data: account });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as LoginAnswer;
}

/** Runs in the page: stores the session the way the web app does (SPEC.md §3 key names). */
function storeSession({ session, unlessSignedIn }: { session: LoginAnswer; unlessSignedIn: boolean }) {
  if (unlessSignedIn && localStorage.getItem('authToken')) return;
  localStorage.setItem('authToken', session.access_token);
  localStorage.setItem('refresh_token', session.refresh_token);
  localStorage.setItem('login_timestamp', String(Date.now()));
  sessionStorage.setItem('user', JSON.stringify(session.user));
}

/** Signs in through the API and stores the session the way the web app does, from the home page. */
export async function signInThroughApi(page: Page, request: APIRequestContext, account = demoProAccount): Promise<ApiSession> {
  const body = await logInThroughApi(request, account);
  await page.goto('/');
  await page.evaluate(storeSession, { session: body, unlessSignedIn: false });
  return { accessToken: body.access_token, refreshToken: body.refresh_token };
}

/**
 * Signs in through the API and has every page of the tab start signed in (an init script stores the
 * session unless one is there already): the journey's first page is the one it tests, without
 * loading the home page first to write the session.
 */
export async function signInBeforeFirstPage(page: Page, request: APIRequestContext, account = demoProAccount): Promise<ApiSession> {
  const body = await logInThroughApi(request, account);
  await page.addInitScript(storeSession, { session: body, unlessSignedIn: true });
  return { accessToken: body.access_token, refreshToken: body.refresh_token };
}

/** Ends the session, so that the next journey's sign-in is not refused by the one-session rule. */
export async function signOutThroughApi(request: APIRequestContext, session: ApiSession) {
  await request.post('/api/auth/logout', { data: { refresh_token: session.refreshToken, active_seconds: 1 } });
}

/** The journey server imports its sanctions list in the background after listening: wait for it. */
export async function waitForSanctionsLists(request: APIRequestContext, session: ApiSession) {
  await expect
    .poll(async () => {
      const lists = await request.get('/api/screening/lists', { headers: { authorization: `Bearer ${session.accessToken}` } });
      return ((await lists.json()) as { loaded?: boolean }).loaded;
    })
    .toBe(true);
}

/** The password of every account a journey registers. */
export const JOURNEY_PASSWORD = 'Journey-2026';

/** An address no other journey (or earlier run) has used. */
export function uniqueEmail(label: string): string {
  return `${label}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
}

/** The first link with a token to `path` (/verify-email, /activate) in the newest mail to `email` (GET /api/dev/outbox). */
export async function readMailLink(request: APIRequestContext, email: string, path: string): Promise<string> {
  let link: string | null = null;
  const pattern = new RegExp(`https?://\\S+?${path}\\?token=[^\\s"<>)]+`);
  await expect
    .poll(async () => {
      const response = await request.get(`/api/dev/outbox?to=${encodeURIComponent(email)}`);
      if (!response.ok()) return null;
      const { items } = (await response.json()) as { items: { to: string; text: string }[] };
      const mail = items.find((item) => item.to.toLowerCase() === email.toLowerCase() && pattern.test(item.text));
      link = mail ? (pattern.exec(mail.text)?.[0] ?? null) : null;
      return link;
    })
    .not.toBeNull();
  return link!;
}

/** A verified account made through the API (register, then the mailed link's token), with JOURNEY_PASSWORD. */
export async function createVerifiedAccount(request: APIRequestContext, label: string, name = { first: 'Journey', last: label }): Promise<string> {
  const email = uniqueEmail(label);
  const register = await request.post('/api/auth/register', {
    data: { email, password: JOURNEY_PASSWORD, first_name: name.first, last_name: name.last, accept_terms: true, accept_privacy: true },
  });
  expect(register.status(), await register.text()).toBe(201);
  const token = new URL(await readMailLink(request, email, '/verify-email')).searchParams.get('token');
  const verify = await request.post('/api/auth/email/verify', { data: { token } });
  expect(verify.status(), await verify.text()).toBe(200);
  return email;
}

/** Fills and sends the sign-in form at `path` (the login page, or one with ?next=). */
export async function signInThroughForm(page: Page, email: string, password: string, path = '/login') {
  await page.goto(path);
  await waitForApp(page);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** Ends the page's session, so that later sign-ins of the same account are not refused by the one-session rule. */
export async function releaseSession(page: Page) {
  const refreshToken = await page.evaluate(() => localStorage.getItem('refresh_token')).catch(() => null);
  if (refreshToken) await page.request.post('/api/auth/logout', { data: { refresh_token: refreshToken, active_seconds: 1 } });
}

/** Switches the interface language as a user does: the account menu's language choice. */
export async function switchLanguageThroughMenu(page: Page, language: 'English' | 'Español') {
  await page.getByRole('button', { name: /^(Account menu for|Menú de la cuenta de)/ }).click();
  await page.getByRole('menuitemradio', { name: language }).click();
  await page.keyboard.press('Escape');
  await expect(page.locator('html')).toHaveAttribute('lang', language === 'Español' ? 'es' : 'en');
}

/**
 * The page fits its viewport's width: nothing makes the whole page scroll sideways (tables scroll
 * inside their frame). On failure it names what sticks out: elements past the right edge that no
 * scrolling frame clips (an absolutely positioned one is clipped only by a frame that contains it).
 */
export async function expectNoSidewaysScroll(page: Page) {
  await expect
    .poll(() =>
      page.evaluate(() => {
        const width = window.innerWidth;
        if (document.documentElement.scrollWidth <= width) return [];
        const sticksOut = (element: Element | null) => (element?.getBoundingClientRect().right ?? 0) > width + 1;
        const clipped = (element: HTMLElement) => {
          const absolute = getComputedStyle(element).position === 'absolute';
          for (let frame = absolute ? (element.offsetParent as HTMLElement | null) : element.parentElement; frame && frame !== document.body; frame = frame.parentElement) {
            if (getComputedStyle(frame).overflowX !== 'visible') return !sticksOut(frame);
          }
          return false;
        };
        const offenders = [...document.body.querySelectorAll<HTMLElement>('*')]
          .filter((element) => sticksOut(element) && !clipped(element) && (!sticksOut(element.parentElement) || getComputedStyle(element).position !== 'static'))
          .slice(0, 5)
          .map((element) => `<${element.tagName.toLowerCase()} class="${element.getAttribute('class') ?? ''}"> ends at ${Math.round(element.getBoundingClientRect().right)} px: ${(element.textContent ?? '').slice(0, 60)}`);
        return [`the page is ${document.documentElement.scrollWidth} px wide`, ...offenders];
      }),
    )
    .toEqual([]);
}

/**
 * Records the page's GETs under /api (path and query) and holds the web app's framework chunk on its
 * way until a GET `awaited` accepts has been sent, for at most 10 s: a local server delivers the chunk
 * in a few milliseconds, so comparing timings would race. Sent by the entry script, that request comes
 * while the framework is held; sent by the page once the framework ran, it could not come before the
 * 10 s are up. `askedWhileFrameworkHeld` tells which. Call before the page's first navigation.
 */
export async function holdFrameworkUntilAsked(page: Page, awaited: (pathAndQuery: string) => boolean) {
  const gets: string[] = [];
  let asked: () => void = () => undefined;
  const seen = new Promise<void>((resolve) => (asked = resolve));
  page.on('request', (sent) => {
    const url = new URL(sent.url());
    if (sent.method() !== 'GET' || !url.pathname.startsWith('/api/')) return;
    gets.push(`${url.pathname}${url.search}`);
    if (awaited(`${url.pathname}${url.search}`)) asked();
  });
  let frameworkReleased: (askedWhileHeld: boolean) => void = () => undefined;
  const askedWhileFrameworkHeld = new Promise<boolean>((resolve) => (frameworkReleased = resolve));
  await page.route(/\/assets\/framework-[^/]+\.js$/, async (route) => {
    let timer: NodeJS.Timeout | undefined;
    const askedInTime = await Promise.race([seen.then(() => true), new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), 10_000)))]);
    clearTimeout(timer);
    frameworkReleased(askedInTime);
    await route.continue();
  });
  return { gets, askedWhileFrameworkHeld };
}
