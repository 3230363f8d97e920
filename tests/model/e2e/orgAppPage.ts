/**
 * The org-app model on the page: the chooser (#/orgapp) and what choosing leads to. See pagePaths.ts.
 */
import { expect } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import type { OrgApp } from '../../../domain/types.ts';
import { orgAppModel } from '../models.ts';
import type { Fixture } from '../graph.ts';
import { answered, networkError, type PageEvent, type PageMapping, type PageState, type Skip } from './pagePaths.ts';
import { STORAGE, type ConsoleDriver } from './ui.ts';
import { DEMO_PASSWORD } from '../../support/testServer.ts';

const busyItems = (ui: ConsoleDriver) => ui.page.locator('[data-testid="orgapp-item"][aria-busy="true"]');

async function chooser(ui: ConsoleDriver, { error }: { error: boolean }): Promise<void> {
  await ui.at('/orgapp');
  if (error) await ui.visible('orgapp-error');
  else {
    await ui.visible('orgapp-item');
    await ui.absent('orgapp-error');
  }
  expect(await busyItems(ui).count(), 'no org-app being chosen').toBe(0);
  await ui.absent('home-page');
}

export function orgAppState(s: AnyMachineSnapshot): PageState | Skip {
  const error = s.context.error !== null;
  switch (s.value) {
    case 'idle':
      return {
        shows: 'the sign-in page, no chooser, no shell, no org-app stored',
        check: async (ui) => {
          await ui.at('/login');
          await ui.visible('login-tab-password');
          await ui.absent('orgapp-item');
          await ui.absent('side-menu');
          expect(await ui.stored(STORAGE.orgApp)).toBeNull();
        },
      };
    case 'loadingList':
      // issue 12: sign-in answers with the org-app list, so the console goes straight to choosing; the list call
      // (GET /v2/users/org/app) stays for other clients and the unit paths walk this state
      return { skip: 'the console never waits for the org-app list: sign-in brings it' };
    case 'choosing':
      return {
        shows: error ? '#/orgapp with orgapp-error, nothing being chosen' : '#/orgapp listing orgapp-item cards, none busy, no error',
        check: (ui) => chooser(ui, { error }),
      };
    case 'fetchingKey':
      return {
        // issue 12: the key call is the context call, answering key, menu, config and powers at once
        shows: '#/orgapp, the chosen card busy while POST /v2/users/org/app/context is pending',
        hold: { method: 'POST', path: '/v2/users/org/app/context' },
        check: async (ui) => {
          await ui.at('/orgapp');
          await expect.poll(() => busyItems(ui).count(), { message: 'the chosen card is busy' }).toBe(1);
        },
      };
    case 'loadingContext':
      return {
        shows: 'while POST /v2/users/org/app/context is pending: the chosen card busy on #/orgapp, or (restored on load) the loading bar without content',
        hold: { method: 'POST', path: '/v2/users/org/app/context' },
        check: async (ui) => {
          if (ui.path() === '/orgapp') {
            await expect.poll(() => busyItems(ui).count(), { message: 'the chosen card is busy' }).toBe(1);
          } else {
            await ui.visible('route-loading');
            await ui.absent('home-page');
            await ui.absent('orgapp-item');
          }
        },
      };
    case 'ready':
      return {
        shows: '#/home with home-page and side-menu; meal.orgApp stored with its key',
        check: async (ui) => {
          await ui.at('/home');
          await ui.visible('home-page');
          await ui.visible('side-menu');
          await ui.visible('org-name');
          const stored = await ui.stored<OrgApp>(STORAGE.orgApp);
          expect(stored?.key, 'the chosen org-app is stored with its key').toBeTruthy();
          expect(await ui.testId('org-name').textContent()).toBe(stored!.orgName);
        },
      };
  }
  return { skip: 'not a state of the org-app machine' };
}

/** Clicks a listed org-app that is not the current one (the current one just goes home). */
async function chooseOther(ui: ConsoleDriver): Promise<void> {
  if (ui.path() !== '/orgapp') {
    await ui.testId('org-switch').click();
    await ui.at('/orgapp');
  }
  const current = await ui.stored<OrgApp>(STORAGE.orgApp);
  const items = ui.testId('orgapp-item');
  await items.first().waitFor();
  const card = current ? ui.page.locator(`[data-testid="orgapp-item"]:not([data-org-id="${current.orgId}"])`) : items;
  await card.first().click();
}

export function orgAppEvent(fixture: Fixture): PageEvent | Skip {
  const e = fixture.event as { type: string; orgApp?: OrgApp; orgApps?: OrgApp[]; output?: unknown };
  const hasList = (s: AnyMachineSnapshot) => (s.matches('choosing') || s.matches('ready')) && s.context.orgApps.length > 0;
  switch (e.type) {
    case 'LOAD':
      if (!e.orgApps) return { skip: 'a password sign-in answers with the org-app list (issue 12), so the console sends LOAD with it; the list call (loadingList) is walked by the unit paths' };
      return {
        does: 'sign in with the password (the root sends LOAD on sign-in when no org-app is kept)',
        when: (s) => s.matches('idle'),
        run: (ui) => ui.submitPassword(ui.user, DEMO_PASSWORD),
      };
    case 'CHOOSE':
      if (e.orgApp?.key) {
        return {
          skip: 'the chooser lists org-apps without keys (GET /v2/users/org/app); one gets a key only once chosen, and clicking the current one just goes home — a keyed CHOOSE needs choose A, switch, choose B, switch, choose A, no shortest path of the model',
        };
      }
      return { does: 'click an org-app card that is not the current one (from home: org-switch first)', when: hasList, run: chooseOther };
    case 'RESTORE':
      if (!e.orgApp?.key) return { skip: 'the console stores an org-app only once it has its key (persistOrgApp on ready); no page load restores one without' };
      return {
        does: 'open #/home with a persisted login and org-app (meal.login / meal.orgApp as a previous visit left them, from the server API)',
        when: (s) => s.matches('idle'),
        // a page load, not a click: the chooser's own way to ready comes first
        detour: true,
        run: async (ui) => {
          const login = await ui.api.login(ui.user);
          const orgApp = await ui.api.orgAppWithKey(login.accesstoken);
          await ui.openWith({ [STORAGE.login]: login, [STORAGE.orgApp]: orgApp });
        },
      };
    case 'CLEAR':
      return {
        does: 'log out (the root sends CLEAR; the page reloads signed out)',
        when: (s) => s.matches('choosing') || s.matches('ready'),
        run: (ui) => ui.clickLogout(),
      };
  }
  const output = e.output as { key?: unknown; context?: unknown } | undefined;
  if (e.type.startsWith('xstate.done.actor.') && output && typeof output === 'object' && 'key' in output && !output.context) {
    return { skip: 'the console\'s key call is the context call (issue 12): it always answers the context' };
  }
  if (e.type.startsWith('xstate.done.actor.')) return answered();
  if (e.type.startsWith('xstate.error.actor.')) return networkError();
  return { skip: 'no page action' };
}

export function orgAppPage(): PageMapping {
  return {
    model: orgAppModel(),
    starts: { idle: { does: 'open the console in an empty profile', run: async (ui) => { await ui.page.goto(`${ui.base}/`); } } },
    state: orgAppState,
    event: orgAppEvent,
  };
}
