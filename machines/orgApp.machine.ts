import { assign, fromPromise, setup } from 'xstate';
import type { Locale } from '../domain/constants.ts';
import type { MenuEntry, OrgApp, ThemeConfig } from '../domain/types.ts';
import { errorMessage, notProvided } from './errorMessage.ts';

export interface OrgAppRef {
  orgApp: OrgApp;
}
export interface OrgAppKeyOutput {
  key: string;
  /**
   * Issue 12: the key call may answer the whole context too (POST /v2/users/org/app/context): then the org-app
   * is ready without a second round trip.
   */
  context?: OrgAppContextOutput;
}
/** §4 choosing an org-app: display name refreshed, theme, org config and locale loaded, menu refreshed. */
export interface OrgAppContextOutput {
  /** the org-app with its refreshed display name (optional: the chosen one is kept otherwise) */
  orgApp?: OrgApp;
  menu: MenuEntry[];
  theme: ThemeConfig | null;
  /** the org config (holds systemNotify, login config, …) */
  config: Record<string, unknown>;
  locale: Locale;
}

export interface OrgAppMachineContext {
  orgApps: OrgApp[];
  /** the org-app in use, set once its context is loaded */
  current: OrgApp | null;
  /** the org-app being chosen or restored */
  pending: OrgApp | null;
  menu: MenuEntry[];
  theme: ThemeConfig | null;
  config: Record<string, unknown> | null;
  locale: Locale | null;
  error: string | null;
}

export type OrgAppEvent =
  /** the list, unless the sign-in already answered with it (`orgApps`) */
  | { type: 'LOAD'; orgApps?: OrgApp[] | null }
  | { type: 'CHOOSE'; orgApp: OrgApp }
  | { type: 'RESTORE'; orgApp: OrgApp }
  | { type: 'CLEAR' };

const EMPTY: OrgAppMachineContext = {
  orgApps: [],
  current: null,
  pending: null,
  menu: [],
  theme: null,
  config: null,
  locale: null,
  error: null,
};

export const orgAppMachine = setup({
  types: {
    context: {} as OrgAppMachineContext,
    events: {} as OrgAppEvent,
  },
  actors: {
    loadOrgApps: fromPromise<OrgApp[], Record<string, never>>(async () => notProvided('loadOrgApps')),
    fetchOrgAppKey: fromPromise<OrgAppKeyOutput, OrgAppRef>(async () => notProvided('fetchOrgAppKey')),
    loadOrgAppContext: fromPromise<OrgAppContextOutput, OrgAppRef>(async () => notProvided('loadOrgAppContext')),
  },
  actions: {
    // §4 the chosen org-app is persisted locally (the app stores it)
    persistOrgApp: (_, _params: { orgApp: OrgApp }) => {},
    // report to the root (provided by app.machine as sendParent)
    reportReady: () => {},
    setPending: assign({
      pending: ({ event }) => (event.type === 'CHOOSE' || event.type === 'RESTORE' ? event.orgApp : null),
      error: null,
    }),
    // the list shows the key too, so choosing it again does not fetch again
    keepKeyInList: assign({
      orgApps: ({ context, event }) => {
        const key = (event as { output?: OrgAppKeyOutput }).output?.key ?? '';
        return context.orgApps.map((o) => (o.id === context.pending!.id ? { ...o, key } : o));
      },
    }),
    // the chosen org-app, its display name refreshed, and its context: from loadOrgAppContext, or the key call's
    storeContext: assign(({ context, event }) => {
      const output = (event as { output?: OrgAppContextOutput | OrgAppKeyOutput }).output;
      const ctx = output && 'context' in output ? output.context! : (output as OrgAppContextOutput);
      const chosen = output && 'key' in output ? { ...context.pending!, key: output.key } : context.pending!;
      const refreshed = ctx.orgApp;
      return {
        current: refreshed ? { ...chosen, ...refreshed, key: refreshed.key || chosen.key } : chosen,
        pending: null,
        menu: ctx.menu,
        theme: ctx.theme,
        config: ctx.config,
        locale: ctx.locale,
        error: null,
      };
    }),
    storeError: assign({
      error: ({ event }) => ('error' in event ? errorMessage(event.error) : null),
      pending: null,
    }),
  },
  guards: {
    // §4 choosing one: if it has no key, a key is fetched
    chosenHasKey: ({ event }) => (event.type === 'CHOOSE' || event.type === 'RESTORE') && Boolean(event.orgApp.key),
    listGiven: ({ event }) => event.type === 'LOAD' && Array.isArray(event.orgApps),
    keyCameWithContext: ({ event }) => Boolean((event as { output?: OrgAppKeyOutput }).output?.context),
  },
}).createMachine({
  id: 'orgApp',
  context: EMPTY,
  initial: 'idle',
  on: {
    LOAD: [
      {
        guard: 'listGiven',
        target: '.choosing',
        reenter: true,
        actions: assign({ orgApps: ({ event }) => (event.type === 'LOAD' && event.orgApps) || [], error: null }),
      },
      { target: '.loadingList', reenter: true },
    ],
    CHOOSE: [
      { guard: 'chosenHasKey', target: '.loadingContext', reenter: true, actions: 'setPending' },
      { target: '.fetchingKey', reenter: true, actions: 'setPending' },
    ],
    RESTORE: [
      { guard: 'chosenHasKey', target: '.loadingContext', reenter: true, actions: 'setPending' },
      { target: '.fetchingKey', reenter: true, actions: 'setPending' },
    ],
    CLEAR: { target: '.idle', actions: assign(EMPTY) },
  },
  states: {
    idle: {},
    loadingList: {
      entry: assign({ error: null }),
      invoke: {
        src: 'loadOrgApps',
        input: {},
        onDone: { target: 'choosing', actions: assign({ orgApps: ({ event }) => event.output }) },
        // §8 org-app loading errors stored as a message
        onError: { target: 'choosing', actions: assign({ error: ({ event }) => errorMessage(event.error) }) },
      },
    },
    choosing: {},
    fetchingKey: {
      invoke: {
        src: 'fetchOrgAppKey',
        input: ({ context }) => ({ orgApp: context.pending! }),
        onDone: [
          {
            guard: 'keyCameWithContext',
            target: 'ready',
            actions: ['keepKeyInList', 'storeContext'],
          },
          {
            target: 'loadingContext',
            actions: ['keepKeyInList', assign({ pending: ({ context, event }) => ({ ...context.pending!, key: event.output.key }) })],
          },
        ],
        onError: { target: 'choosing', actions: 'storeError' },
      },
    },
    loadingContext: {
      invoke: {
        src: 'loadOrgAppContext',
        input: ({ context }) => ({ orgApp: context.pending! }),
        onDone: { target: 'ready', actions: 'storeContext' },
        onError: { target: 'choosing', actions: 'storeError' },
      },
    },
    ready: {
      entry: [{ type: 'persistOrgApp', params: ({ context }) => ({ orgApp: context.current! }) }, 'reportReady'],
    },
  },
});
