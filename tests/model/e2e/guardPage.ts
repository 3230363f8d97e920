/**
 * The route guard model on the page. A NAVIGATE carries what the router knows (signed in? org-app
 * chosen? how big is the menu?): on the page that is the session a previous visit left in localStorage
 * (written before the load, from the server API) and the location the console is opened at. See
 * pagePaths.ts.
 */
import { expect } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import type { OrgApp } from '../../../domain/types.ts';
import { guardModel } from '../models.ts';
import type { Fixture } from '../graph.ts';
import { answered, networkError, type PageEvent, type PageMapping, type PageState, type Skip } from './pagePaths.ts';
import { STORAGE, USERS, type ConsoleDriver } from './ui.ts';

/** the menu request the guard re-reads after 600 ms (the org-app's first menu comes with its context call, issue 12) */
const MENU_REREAD = { method: 'GET', path: '/v2/permission/user/menu' } as const;

/** the name the previous visit stored; the console stores the server's name again once the org-app is ready */
const OLD_NAME = ' (old name)';

async function recheckShown(ui: ConsoleDriver): Promise<void> {
  // the org-app is ready (its refreshed name stored again): from now on only the guard keeps the page empty
  await expect
    .poll(async () => (await ui.stored<{ orgName: string }>(STORAGE.orgApp))?.orgName ?? OLD_NAME, { message: 'the org-app became ready (stored again with its current name)' })
    .not.toContain(OLD_NAME);
  // the guard re-renders a frame after the storage write: the bar is awaited once, then must hold
  await ui.visible('route-loading', 2_000);
  await ui.steady(400, async () => {
    expect(ui.path()).toBe('/home');
    expect(await ui.testId('route-loading').count(), 'loading bar').toBeGreaterThan(0);
    // nothing rendered under the bar: not the page, not a spinner of a page on its way
    await ui.absent('home-page');
    await ui.absent('page-loading');
    expect(await ui.page.locator('.fui-Spinner').count(), 'no spinner of an allowed page').toBe(0);
    await ui.absent('error-page-401');
  });
}

export function guardState(s: AnyMachineSnapshot): PageState | Skip {
  if (s.matches('idle')) {
    return { shows: 'no console loaded yet (about:blank)', check: async (ui) => expect(ui.page.url()).toBe('about:blank') };
  }
  if (s.matches('allowed')) {
    return {
      shows: '#/home rendered: home-page and side-menu, no loading bar',
      check: async (ui) => {
        await ui.at('/home');
        await ui.visible('home-page');
        await ui.visible('side-menu');
        await expect.poll(() => ui.testId('route-loading').count(), { message: 'loading bar gone' }).toBe(0);
      },
    };
  }
  if (s.matches('redirecting')) {
    const target = s.context.target as string;
    const page: Record<string, string> = { '/login': 'login-tab-password', '/orgapp': 'orgapp-item', '/401': 'error-page-401' };
    if (!page[target]) return { skip: `no page check for a redirect to ${target}` };
    return {
      shows: `the location changes to #${target} and shows ${page[target]}`,
      check: async (ui) => {
        await ui.at(target);
        await ui.visible(page[target]);
        await ui.absent('home-page');
      },
    };
  }
  if (s.matches({ rechecking: 'waiting' })) {
    return {
      shows: 'once the org-app is ready (meal.orgApp stored again with the refreshed name): #/home kept for 400 ms with the loading bar and nothing under it, no 401 (the 600 ms wait before the menu re-read)',
      check: recheckShown,
    };
  }
  if (s.matches({ rechecking: 'reloading' })) {
    return {
      shows: 'the menu is requested again (held pending); still #/home, loading bar, no content',
      hold: { ...MENU_REREAD },
      check: recheckShown,
    };
  }
  return { skip: 'transient (`checking` is left by an eventless transition in the same step)' };
}

/** The org-app as an earlier visit stored it, under a display name the server has since changed. */
async function stale(orgApp: Promise<OrgApp>): Promise<OrgApp> {
  const o = await orgApp;
  return { ...o, orgName: o.orgName + OLD_NAME };
}

export function guardEvent(fixture: Fixture): PageEvent | Skip {
  const e = fixture.event as { type: string; loggedIn?: boolean; hasOrgApp?: boolean; menuCount?: number };
  if (e.type === 'NAVIGATE') {
    const open = (what: string, session: (ui: ConsoleDriver) => Promise<Record<string, unknown>>): PageEvent => ({
      does: `open #/home ${what}`,
      run: async (ui) => ui.openWith(await session(ui)),
    });
    const signedIn = async (ui: ConsoleDriver, user: string, withOrgApp: boolean) => {
      const login = await ui.api.login(user);
      return withOrgApp
        ? { [STORAGE.login]: login, [STORAGE.orgApp]: await stale(ui.api.orgAppWithKey(login.accesstoken)) }
        : { [STORAGE.login]: login };
    };
    if (!e.loggedIn) return open('with nothing stored (signed out)', async () => ({}));
    if (!e.hasOrgApp) return open('signed in, no org-app chosen (only meal.login stored)', (ui) => signedIn(ui, USERS.purchaser, false));
    if (e.menuCount === 0) return open(`signed in with an org-app whose menu is empty (${USERS.noMenu}, no role)`, (ui) => signedIn(ui, USERS.noMenu, true));
    return open('signed in with an org-app and its menu (purchaser, school A)', (ui) => signedIn(ui, USERS.purchaser, true));
  }
  if (e.type.startsWith('xstate.after.')) return { does: 'nothing: the 600 ms pass', run: async () => {} };
  if (e.type.startsWith('xstate.done.actor.')) {
    const menu = (fixture.event as { output?: number }).output;
    if (menu !== 0) return { skip: 'the menu would have to gain entries within the 600 ms (a role granted mid-navigation): not a shortest path' };
    return answered('the held menu re-read gets the real (still empty) menu');
  }
  if (e.type.startsWith('xstate.error.actor.')) return networkError('the held menu re-read fails (network error)');
  return { skip: 'no page action' };
}

export function guardPage(): PageMapping {
  return {
    model: guardModel(),
    starts: { idle: { does: 'a fresh profile, nothing loaded', run: async () => {} } },
    state: guardState,
    event: guardEvent,
  };
}
