import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { afterAll, afterEach, beforeAll, beforeEach, expect, inject, type TestContext } from 'vitest';
import { chromium, type Browser, type BrowserContext, type Page, type Request } from 'playwright-core';
import { artifactsDir, keepFailure } from './screenshot.ts';
import type { ServerHandle } from './server.ts';

/**
 * The browsers the specs drive, both Debian's builds of one Chromium, never a downloaded one (ADR 0086): the headless
 * shell (package chromium-headless-shell) for every spec, about half the CPU of the whole browser; the whole browser
 * (package chromium) for what only it decides, and in place of the shell where that is not installed.
 */
const FULL_CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const HEADLESS_SHELL = process.env.E2E_CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell';

/** Which of the two a spec drives: `shell` unless it tests a behaviour of the whole browser (lazy loading, say). */
export type BrowserKind = 'shell' | 'full';

/** The shell, or the whole browser where the shell is not installed (said once per worker). */
let shellOrFull: string | undefined;
function executableOf(kind: BrowserKind): string {
  if (kind === 'full') return FULL_CHROMIUM;
  if (shellOrFull === undefined) {
    shellOrFull = existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : FULL_CHROMIUM;
    if (shellOrFull === FULL_CHROMIUM)
      console.warn(
        `${HEADLESS_SHELL} is not installed (apt-get install chromium-headless-shell): the specs run in ${FULL_CHROMIUM}, slower`,
      );
  }
  return shellOrFull;
}
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  // Only this machine's servers resolve: an external link (banner, popup, case) opens its tab on Chromium's error page
  // without touching the network. Not a route: routing any URL makes Playwright intercept every request of the page
  // (a round trip to the test process each): 14 % of five specs' time (ADR 0077).
  '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1, EXCLUDE localhost',
];

export const DESKTOP = { width: 1280, height: 800 } as const;
export const MOBILE = { width: 375, height: 740 } as const;

/** This worker's own server (global-setup starts one per worker), for specs that only read. */
export function workerServer(): ServerHandle {
  const servers = inject('servers');
  const id = Number(process.env.VITEST_POOL_ID ?? '1');
  const server = servers[(id - 1) % servers.length];
  if (!server) throw new Error('global-setup started no server');
  return server;
}

export function launchChromium(kind: BrowserKind = 'shell'): Promise<Browser> {
  return chromium.launch({ executablePath: executableOf(kind), headless: true, args: CHROMIUM_ARGS });
}

/**
 * What every spec's browser context is, whoever makes it: a visitor in China whose system asks for less motion
 * (ADR 0077): nothing to wait for between a click and what it shows, and no moving strip carrying a picture past a
 * scroll.
 */
export const CONTEXT_SETTINGS = { locale: 'zh-CN', timezoneId: 'Asia/Shanghai', reducedMotion: 'reduce' } as const;

/** Where a toast's text stays after antd removes it, and for how long (support/accounts.ts `toast` reads both). */
export const TOAST_AFTERGLOW_ID = 'e2e-toast-afterglow';
const TOAST_AFTERGLOW_MS = 2_000;

/**
 * A page's init script: when antd removes a toast (`.ant-message-notice`), its text stays a while in a box of its
 * own, off screen, so a test that starts waiting for a toast just after it went (a loaded machine, a toast on screen
 * for its 3 s only, as with less motion) still finds it. Only the toasts' own container is watched, not the page.
 */
function keepToastsAWhile({ id, ms }: { id: string; ms: number }) {
  const afterglow = () => {
    let box = document.getElementById(id);
    if (!box) {
      box = document.createElement('div');
      box.id = id;
      box.setAttribute('aria-hidden', 'true');
      box.style.cssText = 'position:fixed;left:-10000px;top:0;width:600px';
      document.body.append(box);
    }
    return box;
  };
  const keep = (removed: Node) => {
    if (!(removed instanceof Element)) return;
    const notices = removed.matches('.ant-message-notice') ? [removed] : [...removed.querySelectorAll('.ant-message-notice')];
    for (const notice of notices) {
      const line = document.createElement('div');
      line.textContent = notice.textContent;
      afterglow().append(line);
      setTimeout(() => line.remove(), ms);
    }
  };
  const watched = new WeakSet<Element>();
  const watchToasts = () => {
    for (const holder of document.querySelectorAll('.ant-message')) {
      if (watched.has(holder)) continue;
      watched.add(holder);
      new MutationObserver((records) => records.forEach((r) => r.removedNodes.forEach(keep))).observe(holder, {
        childList: true,
        subtree: true,
      });
    }
  };
  // antd puts the toasts' container into <body> with the first toast (and may take it away with the last).
  document.addEventListener('DOMContentLoaded', () => {
    watchToasts();
    new MutationObserver((records) => {
      records.forEach((r) => r.removedNodes.forEach(keep));
      watchToasts();
    }).observe(document.body, { childList: true });
  });
}

/** The function each page calls with a Content Security Policy violation (useBrowser fails the test on any). */
const CSP_BINDING = '__e2eCspViolation';

export interface BrowserFixture {
  readonly baseUrl: string;
  readonly browser: Browser;
  /** The current test's context (fresh per test). */
  readonly context: BrowserContext;
  /** The current test's page (fresh per test). */
  readonly page: Page;
  /** Uncaught errors the page threw, and Content Security Policy violations, during the current test (each fails the test). */
  readonly pageErrors: string[];
  /** Opens a path (relative to the server) and waits for the app to settle. */
  goto(path: string): Promise<void>;
  /** Resizes the current page. */
  setWidth(width: number): Promise<void>;
  /**
   * A second device for the current test (e.g. the phone that opens a QR
   * link): its own context with the same settings, closed after the test;
   * its uncaught errors fail the test too.
   */
  newDevice(deviceViewport?: { width: number; height: number }): Promise<Page>;
}

/**
 * One Chromium for the spec file; a fresh context and page for each test.
 * Nothing leaves the machine (CHROMIUM_ARGS' resolver rules).
 */
export function useBrowser(
  viewport: { width: number; height: number } = DESKTOP,
  spec = 'e2e',
  opts: {
    /** The server to drive, when a spec starts its own (accounts.ts useServer); default this worker's. */
    baseUrl?: () => string;
    /** The whole browser instead of the headless shell, for a behaviour only it decides (ADR 0086). */
    browser?: BrowserKind;
  } = {},
): BrowserFixture {
  const baseUrlOf = opts.baseUrl ?? (() => workerServer().baseUrl);
  let browser: Browser | undefined;
  let context: BrowserContext | undefined;
  let page: Page | undefined;
  const extraContexts: BrowserContext[] = [];
  const pageErrors: string[] = [];
  /** The current page's requests sent and not yet answered. */
  const inFlight = new Set<Request>();

  const openContext = async (vp: { width: number; height: number }): Promise<BrowserContext> => {
    if (!browser) throw new Error('browser did not start');
    // Less motion (ADR 0077): nothing to wait for between a click and what it shows; a toast is then on screen for
    // exactly its 3 s, and the afterglow below keeps it findable a moment longer.
    const c = await browser.newContext({ ...CONTEXT_SETTINGS, viewport: vp, baseURL: baseUrlOf() });
    // Generous: the suite must pass on a busy 2-core machine, where one argon2 login can take seconds.
    c.setDefaultTimeout(30_000);
    c.setDefaultNavigationTimeout(45_000);
    // A Content Security Policy violation is a bug too, even one the page survives: Chromium logs nothing for a caught
    // `new Function` (zod's JIT probe), but every page of the context fires securitypolicyviolation, reported here.
    await c.exposeBinding(CSP_BINDING, ({ page: p }, what: string) => void pageErrors.push(`CSP violation at ${p.url()}: ${what}`));
    await c.addInitScript((binding) => {
      document.addEventListener('securitypolicyviolation', (e) => {
        const report = (window as unknown as Record<string, (what: string) => void>)[binding];
        report?.(`${e.effectiveDirective} ${e.blockedURI} (${e.sourceFile}:${e.lineNumber})`);
      });
    }, CSP_BINDING);
    await c.addInitScript(keepToastsAWhile, { id: TOAST_AFTERGLOW_ID, ms: TOAST_AFTERGLOW_MS });
    return c;
  };

  beforeAll(async () => {
    await mkdir(artifactsDir, { recursive: true });
    browser = await launchChromium(opts.browser);
  });
  afterAll(async () => {
    await browser?.close();
  });

  beforeEach(async () => {
    pageErrors.length = 0;
    context = await openContext(viewport);
    page = await context.newPage();
    page.on('pageerror', (e) => pageErrors.push(e.message));
    inFlight.clear();
    page.on('request', (r) => inFlight.add(r));
    page.on('requestfinished', (r) => inFlight.delete(r));
    page.on('requestfailed', (r) => inFlight.delete(r));
  });

  afterEach(async (ctx: TestContext) => {
    // A failure leaves what every open page showed: a screenshot and its HTML (e2e/artifacts/<spec>-FAILED-…).
    // Here, not in onTestFailed: vitest runs those after the afterEach hooks, when the pages are closed.
    if (ctx.task.result?.state === 'fail') {
      const name = ctx.task.name.replace(/[^\p{L}\p{N}]+/gu, '_').slice(0, 50);
      const pages = [context, ...extraContexts].flatMap((c) => c?.pages() ?? []);
      for (const [i, p] of pages.entries()) await keepFailure(p, `${spec}-FAILED`, `${name}-${i}`).catch(() => undefined);
    }
    for (const c of extraContexts.splice(0)) await c.close();
    await context?.close();
    context = undefined;
    page = undefined;
    // An uncaught error in the page (or a CSP violation) is a bug a user may hit, even when the assertions passed.
    if (pageErrors.length > 0) throw new Error(`the page threw: ${pageErrors.join(' | ')}`);
  });

  const need = <T>(v: T | undefined, what: string): T => {
    if (v === undefined) throw new Error(`${what} is only available inside a test`);
    return v;
  };

  return {
    get baseUrl() {
      return baseUrlOf();
    },
    get browser() {
      return need(browser, 'browser');
    },
    get context() {
      return need(context, 'context');
    },
    get page() {
      return need(page, 'page');
    },
    pageErrors,
    async goto(path: string) {
      const p = need(page, 'page');
      await p.goto(path, { waitUntil: 'domcontentloaded' });
      await waitForApp(p);
      // Then until every request the page has sent is answered (what it fetched as it hydrated): not Playwright's
      // networkidle, which waits a further 500 ms of silence after that on every navigation. Capped, as that was.
      await expect
        .poll(() => inFlight.size, { timeout: 15_000, interval: 20 })
        .toBe(0)
        .catch(() => undefined);
    },
    async setWidth(width: number) {
      await need(page, 'page').setViewportSize({ width, height: width <= MOBILE.width ? MOBILE.height : DESKTOP.height });
    },
    async newDevice(deviceViewport = MOBILE) {
      need(page, 'page');
      const c = await openContext(deviceViewport);
      extraContexts.push(c);
      const p = await c.newPage();
      p.on('pageerror', (e) => pageErrors.push(`(second device) ${e.message}`));
      return p;
    },
  };
}

/**
 * Waits until the storefront answers taps: a server-rendered page shows its buttons before
 * hydration, and a click then is lost (main.tsx sets <html data-ready> after hydrating).
 */
export async function waitForApp(page: Page): Promise<void> {
  await page.waitForFunction(() => document.documentElement.dataset.ready !== undefined);
}
