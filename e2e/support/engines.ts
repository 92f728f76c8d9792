import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { Browser as PlaywrightBrowser, ElementHandle, Page } from 'playwright-core';
import puppeteer, {
  type Browser as PuppeteerBrowser,
  type ElementHandle as PuppeteerElement,
  type Page as PuppeteerPage,
} from 'puppeteer-core';
import { DESKTOP, launchBrowser } from './browser.js';
import { freePort } from './server.js';

/**
 * The three browser engines the core journeys run in (journeys.spec.ts), each from Debian and each
 * driven by its own protocol: Chromium by Playwright (CDP), Firefox ESR by puppeteer-core over
 * WebDriver BiDi, WebKitGTK's MiniBrowser by WebKitWebDriver (W3C WebDriver) under Xvfb. A journey
 * is written once against `Tab`: elements are found in the page by Testing Library's queries (role
 * and accessible name, label, text: the way a person finds them), then clicked and typed into with
 * each protocol's own input, so every engine gets real pointer and key events.
 */

export type EngineName = 'chromium' | 'firefox' | 'webkit';

export const FIREFOX_PATH = process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr';
export const WEBKIT_DRIVER_PATH = process.env.WEBKIT_DRIVER_PATH ?? '/usr/bin/WebKitWebDriver';
export const MINIBROWSER_PATH =
  process.env.MINIBROWSER_PATH ?? '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser';

/** A text to match, exactly (a string, whitespace normalised) or by a pattern. */
type Matcher = string | RegExp;
/** An element as a person finds it: by role and name, by its label, by its text, or the test id. */
export type Find =
  { role: string; name: Matcher } | { label: Matcher } | { text: Matcher } | { testId: string };

const requireHere = createRequire(import.meta.url);
/** Testing Library's DOM queries, as a script that defines `TestingLibraryDom` in the page. */
const QUERIES_SCRIPT = fs.readFileSync(
  requireHere.resolve('@testing-library/dom/dist/@testing-library/dom.umd.min.js'),
  'utf8',
);

type WireMatcher = string | { re: string; flags: string };
const toWire = (m: Matcher): WireMatcher =>
  m instanceof RegExp ? { re: m.source, flags: m.flags } : m;
function wireFind(q: Find) {
  if ('role' in q) return { role: q.role, name: toWire(q.name) };
  if ('label' in q) return { label: toWire(q.label) };
  if ('text' in q) return { text: toWire(q.text) };
  return { testId: q.testId };
}

/** Runs in the page: the first element that matches, or null (needs QUERIES_SCRIPT loaded). */
const findInPage = `(q) => {
  const dom = globalThis.TestingLibraryDom;
  const m = (v) => (typeof v === 'string' ? v : new RegExp(v.re, v.flags));
  const body = document.body;
  const found = q.role
    ? dom.queryAllByRole(body, q.role, { name: m(q.name) })
    : q.label
      ? dom.queryAllByLabelText(body, m(q.label))
      : q.text
        ? dom.queryAllByText(body, m(q.text))
        : dom.queryAllByTestId(body, q.testId);
  return found[0] ?? null;
}`;

/** What each protocol does; everything else (`Tab`) is shared. */
interface Driver<E> {
  goto(url: string): Promise<void>;
  url(): Promise<string>;
  /** The value of a JavaScript expression in the page (awaited when it is a promise), as JSON. */
  run(expression: string): Promise<unknown>;
  /** The element an expression evaluates to, or null. */
  element(expression: string): Promise<E | null>;
  click(element: E): Promise<void>;
  /** Replaces the field's text by typing `text`. */
  type(element: E, text: string): Promise<void>;
  /** A click `x` CSS pixels from the element's left edge, halfway down. */
  clickAt(element: E, x: number): Promise<void>;
  close(): Promise<void>;
}

const POLL_MS = 100;
/**
 * How long a journey waits for a signal by default. In CI the journeys run beside the other spec
 * lane and the PGlite API suite on 2 cores, where WebKit once needed more than 15 s for a page
 * step of the purchase journey: the wait still ends at the signal, this only bounds a failure.
 */
const WAIT_MS = 30_000;

/** A page in one engine, as the journeys use it. */
export class Tab {
  constructor(
    readonly engine: EngineName,
    private readonly baseURL: string,
    private readonly driver: Driver<unknown>,
  ) {}

  goto(path: string): Promise<void> {
    return this.driver.goto(new URL(path, this.baseURL).toString());
  }

  async path(): Promise<string> {
    return new URL(await this.driver.url()).pathname;
  }

  /** `fn(arg)` in the page; `fn` must be self-contained (it is sent as its source text). */
  async evaluate<A, R>(fn: (arg: A) => R, arg?: A): Promise<Awaited<R>> {
    return (await this.driver.run(
      `(${fn.toString()})(${JSON.stringify(arg ?? null)})`,
    )) as Awaited<R>;
  }

  /** Waits until `fn(arg)` is truthy in the page: the signal itself, looked at every 100 ms. */
  async waitFor<A>(fn: (arg: A) => unknown, arg?: A, timeoutMs = WAIT_MS): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      // A navigation in progress can fail one look: the next one sees the new page.
      const ok = await this.evaluate(fn, arg).catch(() => false);
      if (ok) return;
      if (Date.now() > deadline) {
        throw new Error(
          `${this.engine}: timed out after ${timeoutMs} ms waiting for ${fn.toString()}`,
        );
      }
      await new Promise((r) => setTimeout(r, POLL_MS));
    }
  }

  private async query(q: Find): Promise<unknown> {
    const loaded = await this.driver.run(`typeof globalThis.TestingLibraryDom !== 'undefined'`);
    if (!loaded) await this.driver.run(`(() => { ${QUERIES_SCRIPT}\n; return true; })()`);
    return this.driver.element(`(${findInPage})(${JSON.stringify(wireFind(q))})`);
  }

  /** Waits for the element and returns it. */
  private async find(q: Find, timeoutMs: number): Promise<unknown> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const element = await this.query(q).catch(() => null);
      if (element) return element;
      if (Date.now() > deadline) {
        throw new Error(
          `${this.engine}: no element ${JSON.stringify(wireFind(q))} in ${timeoutMs} ms`,
        );
      }
      await new Promise((r) => setTimeout(r, POLL_MS));
    }
  }

  async see(q: Find, timeoutMs = WAIT_MS): Promise<void> {
    await this.find(q, timeoutMs);
  }

  async gone(q: Find, timeoutMs = WAIT_MS): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (await this.query(q).catch(() => true)) {
      if (Date.now() > deadline) {
        throw new Error(
          `${this.engine}: ${JSON.stringify(wireFind(q))} still there after ${timeoutMs} ms`,
        );
      }
      await new Promise((r) => setTimeout(r, POLL_MS));
    }
  }

  async click(q: Find, timeoutMs = WAIT_MS): Promise<void> {
    await this.driver.click(await this.find(q, timeoutMs));
  }

  async fill(q: Find, text: string): Promise<void> {
    await this.driver.type(await this.find(q, WAIT_MS), text);
  }

  /** Clicks `x` pixels from the element's left edge (a seek bar's start, say). */
  async clickAt(q: Find, x: number): Promise<void> {
    await this.driver.clickAt(await this.find(q, WAIT_MS), x);
  }

  /** Closes the tab (once: a test's clean-up may come after it closed it itself). */
  close(): Promise<void> {
    this.closed ??= this.driver.close();
    return this.closed;
  }

  private closed: Promise<void> | undefined;
}

export interface Engine {
  name: EngineName;
  /** A new tab with a profile of its own (no cookies or storage from another tab), desktop size. */
  open(baseURL: string): Promise<Tab>;
  quit(): Promise<void>;
}

// --- Chromium: Playwright over CDP ---------------------------------------------------------------

async function chromiumEngine(): Promise<Engine> {
  const browser: PlaywrightBrowser = await launchBrowser();
  return {
    name: 'chromium',
    async open(baseURL) {
      const context = await browser.newContext({ ...DESKTOP, baseURL, locale: 'en-US' });
      const page: Page = await context.newPage();
      const driver: Driver<ElementHandle> = {
        goto: async (url) => {
          await page.goto(url);
        },
        url: () => Promise.resolve(page.url()),
        run: (expression) => page.evaluate(expression),
        async element(expression) {
          const handle = await page.evaluateHandle(expression);
          return handle.asElement();
        },
        click: (el) => el.click(),
        type: (el, text) => el.fill(text),
        async clickAt(el, x) {
          const box = await el.boundingBox();
          await el.click({ position: { x, y: (box?.height ?? 0) / 2 } });
        },
        close: () => context.close(),
      };
      return new Tab('chromium', baseURL, driver);
    },
    quit: () => browser.close(),
  };
}

// --- Firefox ESR: puppeteer-core over WebDriver BiDi ----------------------------------------------

async function firefoxEngine(): Promise<Engine> {
  const browser: PuppeteerBrowser = await puppeteer.launch({
    browser: 'firefox',
    executablePath: FIREFOX_PATH,
    headless: true,
    extraPrefsFirefox: {
      // A closed network: no update, telemetry or remote settings calls that could stall start-up.
      'app.update.enabled': false,
      'intl.accept_languages': 'en-US',
    },
  });
  return {
    name: 'firefox',
    async open(baseURL) {
      const context = await browser.createBrowserContext();
      const page: PuppeteerPage = await context.newPage();
      await page.setViewport(DESKTOP.viewport);
      const driver: Driver<PuppeteerElement> = {
        goto: async (url) => {
          await page.goto(url);
        },
        url: () => Promise.resolve(page.url()),
        run: (expression) => page.evaluate(expression),
        async element(expression) {
          const handle = await page.evaluateHandle(expression);
          return handle.asElement() as PuppeteerElement | null;
        },
        click: (el) => el.click(),
        async type(el, text) {
          // Select what the field holds, so typing replaces it.
          await el.click({ count: 3 });
          await el.type(text);
        },
        async clickAt(el, x) {
          const box = await el.boundingBox();
          await el.click({ offset: { x, y: (box?.height ?? 0) / 2 } });
        },
        close: () => context.close(),
      };
      return new Tab('firefox', baseURL, driver);
    },
    quit: () => browser.close(),
  };
}

// --- WebKitGTK: WebKitWebDriver (W3C WebDriver) driving MiniBrowser under Xvfb --------------------

/** W3C WebDriver's name for an element reference in JSON. */
const ELEMENT_KEY = 'element-6066-11e4-a52e-4f735466cecf';
type WebElement = { [ELEMENT_KEY]: string };

/** Xvfb on a display it picks itself (it writes the number to fd 3 once it accepts clients). */
function startXvfb(): Promise<{ child: ChildProcess; display: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      'Xvfb',
      ['-displayfd', '3', '-screen', '0', '1600x1000x24', '-nolisten', 'tcp'],
      { stdio: ['ignore', 'ignore', 'pipe', 'pipe'] },
    );
    let errors = '';
    let written = '';
    child.stdio[2]?.on('data', (d: Buffer) => (errors += d.toString()));
    child.stdio[3]?.on('data', (d: Buffer) => {
      written += d.toString();
      const number = /^(\d+)\n/.exec(written);
      if (number) resolve({ child, display: `:${number[1]}` });
    });
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`Xvfb exited (${code}):\n${errors}`)));
  });
}

async function webkitEngine(): Promise<Engine> {
  const xvfb = await startXvfb();
  const display = xvfb.display;
  const port = await freePort();
  const driverProcess = spawn(WEBKIT_DRIVER_PATH, [`--port=${port}`, '--host=127.0.0.1'], {
    env: { ...process.env, DISPLAY: display },
    stdio: 'ignore',
  });
  const root = `http://127.0.0.1:${port}`;
  // It prints nothing when ready: its status endpoint answers.
  const deadline = Date.now() + 30_000;
  for (;;) {
    const up = await fetch(`${root}/status`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    if (Date.now() > deadline || driverProcess.exitCode !== null) {
      driverProcess.kill();
      xvfb.child.kill();
      throw new Error('WebKitWebDriver did not start');
    }
    await new Promise((r) => setTimeout(r, POLL_MS));
  }

  async function call(method: string, path: string, body?: unknown): Promise<unknown> {
    const res = await fetch(`${root}${path}`, {
      method,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json = (await res.json()) as { value: unknown };
    if (!res.ok) {
      const { error, message } = json.value as { error: string; message: string };
      throw new Error(`WebDriver ${method} ${path}: ${error}: ${message}`);
    }
    return json.value;
  }

  return {
    name: 'webkit',
    async open(baseURL) {
      // A session is a MiniBrowser of its own, with an ephemeral profile.
      const { sessionId } = (await call('POST', '/session', {
        capabilities: {
          alwaysMatch: {
            'webkitgtk:browserOptions': { binary: MINIBROWSER_PATH, args: ['--automation'] },
          },
        },
      })) as { sessionId: string };
      const s = `/session/${sessionId}`;
      await call('POST', `${s}/window/rect`, DESKTOP.viewport);
      const driver: Driver<WebElement> = {
        goto: async (url) => {
          await call('POST', `${s}/url`, { url });
        },
        url: async () => (await call('GET', `${s}/url`)) as string,
        run: (expression) =>
          call('POST', `${s}/execute/sync`, { script: `return ${expression};`, args: [] }),
        async element(expression) {
          const value = await driver.run(expression);
          return value && typeof value === 'object' && ELEMENT_KEY in value
            ? (value as WebElement)
            : null;
        },
        async click(el) {
          // WebDriver scrolls an element only to the viewport's edge, where the cookie notice can
          // cover it; a person (and Playwright) brings it to the middle first.
          await call('POST', `${s}/execute/sync`, {
            script: `arguments[0].scrollIntoView({ block: 'center', inline: 'center' });`,
            args: [el],
          });
          await call('POST', `${s}/element/${el[ELEMENT_KEY]}/click`, {});
        },
        async type(el, text) {
          await call('POST', `${s}/element/${el[ELEMENT_KEY]}/clear`, {});
          await call('POST', `${s}/element/${el[ELEMENT_KEY]}/value`, { text });
        },
        async clickAt(el, x) {
          // Pointer actions take an element origin at its centre.
          const { width } = (await call('GET', `${s}/element/${el[ELEMENT_KEY]}/rect`)) as {
            width: number;
          };
          const origin = el;
          await call('POST', `${s}/actions`, {
            actions: [
              {
                type: 'pointer',
                id: 'mouse',
                parameters: { pointerType: 'mouse' },
                actions: [
                  { type: 'pointerMove', origin, x: Math.round(x - width / 2), y: 0 },
                  { type: 'pointerDown', button: 0 },
                  { type: 'pointerUp', button: 0 },
                ],
              },
            ],
          });
        },
        close: async () => {
          await call('DELETE', s);
        },
      };
      return new Tab('webkit', baseURL, driver);
    },
    async quit() {
      for (const child of [driverProcess, xvfb.child]) {
        if (child.exitCode === null) {
          const exited = new Promise((r) => child.once('exit', r));
          child.kill('SIGTERM');
          await exited;
        }
      }
    },
  };
}

export const ENGINES: Record<EngineName, () => Promise<Engine>> = {
  chromium: chromiumEngine,
  firefox: firefoxEngine,
  webkit: webkitEngine,
};
