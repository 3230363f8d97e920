/**
 * The page side of the end-to-end model paths: a small driver around one Playwright page of the real
 * console served by the real server (tests/support/console.ts), with
 * - `api`: calls to the same server as another client would make them (sign in, revoke a token, read the
 *   dev SMS outbox, confirm a QR code);
 * - `hold`: keeps one request of the page pending (it goes to the real server once released, or fails
 *   as a network error), so the machine's transient states (an invoked actor running) can be seen on the
 *   page for as long as the assertion needs, and the actor's done / error event is the release;
 * - `seed`: writes what a previous visit would have left in localStorage, before the console loads.
 */
import { expect } from 'vitest';
import type { Page, Request, Route } from 'playwright-core';
import { DEMO_PASSWORD } from '../../support/testServer.ts';
import { hashPath } from '../../support/console.ts';
import type { LoginResult, OrgApp } from '../../../domain/types.ts';

export const STORAGE = { login: 'meal.login', orgApp: 'meal.orgApp' } as const;

/** Demo users (README.md): the purchaser belongs to two schools, so the chooser shows two org-apps. */
export const USERS = {
  purchaser: '13800000002',
  dietitian: '13800000006',
  supplier: '13800000003',
  /** created by the test file through the school admin, with no role: an empty menu */
  noMenu: '13912340000',
} as const;

export interface Envelope<T> {
  status: number;
  body: { status_code: number; status_text: string; data: T };
}

export class Api {
  constructor(readonly base: string) {}

  async call<T>(path: string, init: { method?: string; body?: unknown; token?: string; key?: string } = {}): Promise<Envelope<T>> {
    const res = await fetch(`${this.base}${path}`, {
      method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
      headers: {
        'content-type': 'application/json',
        ...(init.token ? { accesstoken: init.token } : {}),
        ...(init.key !== undefined ? { key: init.key } : {}),
      },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
    return { status: res.status, body: (await res.json()) as Envelope<T>['body'] };
  }

  async login(username: string, password = DEMO_PASSWORD): Promise<LoginResult> {
    const r = await this.call<LoginResult>('/v1/passport/login', { body: { username, password } });
    if (r.status !== 200) throw new Error(`api login ${username}: ${r.status} ${r.body.status_text}`);
    return r.body.data;
  }

  /** The user's org-apps as the chooser lists them (no key). */
  async orgApps(token: string): Promise<OrgApp[]> {
    const r = await this.call<{ rows: OrgApp[] }>('/v2/users/org/app', { token, key: '' });
    return r.body.data.rows;
  }

  /** An org-app with its key, as the console persists it once chosen. */
  async orgAppWithKey(token: string, index = 0): Promise<OrgApp> {
    const orgApp = (await this.orgApps(token))[index];
    const r = await this.call<{ key: string }>('/v1/token/orgappkey/encrypt', { token, key: '', body: { orgId: orgApp.orgId, appId: orgApp.appId } });
    return { ...orgApp, key: r.body.data.key };
  }

  /** The code the console SMS adapter last sent to the phone. */
  async smsCode(phone: string): Promise<string> {
    let code = '';
    await expect
      .poll(async () => {
        const r = await this.call<{ code: string }>(`/v1/dev/smsoutbox?phoneNumber=${phone}`);
        code = r.status === 200 ? r.body.data.code : '';
        return code;
      }, { timeout: 10_000 })
      .toMatch(/^\d+$/);
    return code;
  }

  async tokenAlive(token: string): Promise<boolean> {
    return (await this.call('/v2/users/loginstatus', { token, key: '' })).status === 200;
  }
}

/** A request the page makes, matched by method and path (query ignored). */
export interface RequestMatch {
  method: 'GET' | 'POST';
  path: string;
  /** let this many matching requests through before holding one (e.g. an earlier load of the same list) */
  skip?: number;
}

export const describeMatch = (m: RequestMatch) => `${m.method} ${m.path}${m.skip ? ` (after ${m.skip})` : ''}`;

/** One request of the page held pending until released: by the real server's answer, or as a network error. */
export class Hold {
  private seen = 0;
  private route: Route | null = null;
  private settle!: (mode: 'continue' | 'abort') => void;
  private readonly decided = new Promise<'continue' | 'abort'>((resolve) => (this.settle = resolve));
  private gotRequest!: (r: Request) => void;
  /** settles once the held request has been let through or failed */
  private handled: Promise<void> = Promise.resolve();
  /** resolves with the held request once the page has made it */
  readonly requested = new Promise<Request>((resolve) => (this.gotRequest = resolve));
  private readonly matcher: (url: URL) => boolean;
  private readonly handler: (route: Route) => Promise<void>;

  constructor(private readonly page: Page, readonly match: RequestMatch) {
    this.matcher = (url) => url.pathname === match.path;
    this.handler = async (route) => {
      if (route.request().method() !== match.method || this.route || this.seen++ < (match.skip ?? 0)) {
        await route.fallback();
        return;
      }
      this.route = route;
      this.gotRequest(route.request());
      this.handled = this.decided.then(async (mode) => {
        // the page may have reloaded meanwhile (a logout): the request is gone then
        await (mode === 'abort' ? route.abort('failed') : route.continue()).catch(() => {});
      });
      await this.handled;
    };
  }

  async install(): Promise<void> {
    await this.page.route(this.matcher, this.handler);
  }

  /** Waits until the page has made the request (it is now pending). */
  async pending(timeout = 15_000): Promise<Request> {
    return await Promise.race([
      this.requested,
      new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`the page never requested ${describeMatch(this.match)}`)), timeout)),
    ]);
  }

  get isPending(): boolean {
    return this.route !== null;
  }

  /** Lets the request through (the actor's done / its real answer) or fails it (the actor's error). */
  async release(mode: 'continue' | 'abort'): Promise<void> {
    this.settle(mode);
    await this.handled;
    await this.page.unroute(this.matcher, this.handler).catch(() => {});
  }
}

/** Everything a step of a path may use. */
export class ConsoleDriver {
  readonly api: Api;
  /** holds by the index of the path step whose state they make visible */
  readonly holds = new Map<number, Hold>();
  /** the phone the current path signs in with */
  user: string = USERS.purchaser;
  /** paths of the responses the page has received, in order */
  readonly responses: string[] = [];

  constructor(readonly page: Page, readonly base: string) {
    this.api = new Api(base);
    // a state that is not shown fails in seconds, not after Playwright's 30 s
    page.setDefaultTimeout(10_000);
    page.on('response', (r) => this.responses.push(new URL(r.url()).pathname));
  }

  path(): string {
    return this.page.url() === 'about:blank' ? '' : hashPath(this.page);
  }

  /** Waits until the location hash shows `path`. */
  async at(path: string, timeout = 15_000): Promise<void> {
    await expect.poll(() => this.path(), { timeout, message: `expected the console at #${path}` }).toBe(path);
  }

  /** Waits until the page has received a response for `path`. */
  async answered(path: string): Promise<void> {
    await expect.poll(() => this.responses.includes(path), { timeout: 10_000, message: `the page never got an answer to ${path}` }).toBe(true);
  }

  /** Checks `check` repeatedly for `ms`: what the page shows stays so (a state that lasts, not a passing frame). */
  async steady(ms: number, check: () => Promise<void>): Promise<void> {
    const until = Date.now() + ms;
    do {
      await check();
      await this.page.waitForTimeout(50);
    } while (Date.now() < until);
  }

  testId(id: string) {
    return this.page.getByTestId(id);
  }

  async visible(id: string, timeout = 15_000): Promise<void> {
    await this.testId(id).first().waitFor({ state: 'visible', timeout });
  }

  async absent(id: string): Promise<void> {
    expect(await this.testId(id).count(), `${id} should not be shown`).toBe(0);
  }

  async stored<T>(key: string): Promise<T | null> {
    return this.page.evaluate((k) => JSON.parse(localStorage.getItem(k) ?? 'null') as T | null, key);
  }

  /**
   * Opens the console at `#path` in a full page load, with localStorage holding exactly `items` first
   * (what an earlier visit left: a persisted login, a chosen org-app). The seed page is a blank document
   * of the console's origin, answered by the test.
   */
  async openWith(items: Record<string, unknown>, path = '/home'): Promise<void> {
    const seedUrl = `${this.base}/__modelpaths_seed`;
    await this.page.route(seedUrl, (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>seed</title>' }));
    await this.page.goto(seedUrl);
    await this.page.evaluate((entries) => {
      localStorage.clear();
      sessionStorage.clear();
      for (const [k, v] of Object.entries(entries)) localStorage.setItem(k, JSON.stringify(v));
    }, items);
    await this.page.unroute(seedUrl);
    await this.page.goto(`${this.base}/#${path}`);
  }

  /** The login page's password form, filled and submitted. */
  async submitPassword(username: string, password: string): Promise<void> {
    await this.testId('login-tab-password').click();
    await this.testId('login-username').fill(username);
    await this.testId('login-password').fill(password);
    await this.testId('login-submit').click();
  }

  /** The login page's SMS form: send a code, read it from the dev outbox, type it (or a wrong one), submit. */
  async submitSms(phone: string, opts: { wrongCode?: boolean } = {}): Promise<void> {
    await this.testId('login-tab-sms').click();
    await this.testId('login-phone').fill(phone);
    await this.testId('login-send-code').click();
    const code = await this.api.smsCode(phone);
    const typed = opts.wrongCode ? code.replace(/\d$/, (d) => String((Number(d) + 1) % 10)) : code;
    await this.testId('login-code').fill(typed);
    await this.testId('login-submit').click();
  }

  /** Signs out from wherever the console is: the chooser's own button, else the user menu. */
  async clickLogout(): Promise<void> {
    const onChooser = this.testId('orgapp-logout');
    if (await onChooser.count()) {
      await onChooser.click();
      return;
    }
    await this.testId('user-menu').click();
    await this.testId('logout').click();
  }

  /** The token the page holds (localStorage meal.login). */
  async token(): Promise<string> {
    const login = await this.stored<LoginResult>(STORAGE.login);
    expect(login?.accesstoken, 'the page holds no login').toBeTruthy();
    return login!.accesstoken;
  }
}
