import { assign, fromPromise, setup } from 'xstate';
import { TIMERS } from '../domain/constants.ts';
import { decideRoute, type GuardDecision } from '../domain/guard.ts';
import { notProvided } from './errorMessage.ts';

/** What the router knows when a navigation starts (§2 Guard). */
export interface NavigateRequest {
  path: string;
  loggedIn: boolean;
  hasOrgApp: boolean;
  isNotRouterHome: boolean;
  menuCount: number;
  externalOriginRedirect?: string | null;
}

export interface ReloadMenuInput {
  path: string;
}

export interface GuardContext {
  request: NavigateRequest | null;
  decision: GuardDecision | null;
  /** allowed: the path to render; redirecting: where to go instead */
  target: string | null;
  /** §2 the loading bar runs during navigation */
  navigating: boolean;
  menuRechecked: boolean;
}

export type GuardEvent = { type: 'NAVIGATE' } & NavigateRequest;

/** §8 unresolved menu leads to error_401 */
const UNRESOLVED_MENU: GuardDecision = { type: 'redirect', to: '/401' };

export const guardMachine = setup({
  types: {
    context: {} as GuardContext,
    events: {} as GuardEvent,
  },
  actors: {
    /** re-reads the menu; output: how many entries the menu has now */
    reloadMenu: fromPromise<number, ReloadMenuInput>(async () => notProvided('reloadMenu')),
  },
  actions: {
    // §2 the page scrolls to top after navigation (the app does it)
    scrollToTop: () => {},
    decide: assign({
      decision: ({ context }) => {
        const decision = decideRoute({ ...context.request!, menuRechecked: context.menuRechecked });
        // the menu is re-read only once per navigation
        return decision.type === 'recheckMenu' && context.menuRechecked ? UNRESOLVED_MENU : decision;
      },
    }),
    menuReloaded: assign(({ context }, params: { menuCount: number }) => ({
      request: { ...context.request!, menuCount: params.menuCount },
      menuRechecked: true,
    })),
  },
  guards: {
    allows: ({ context }) => context.decision?.type === 'allow',
    redirects: ({ context }) => context.decision?.type === 'redirect',
  },
  delays: {
    // §2 / §9 menu recheck after 600 ms
    menuRecheck: TIMERS.menuRecheckMs,
  },
}).createMachine({
  id: 'guard',
  context: { request: null, decision: null, target: null, navigating: false, menuRechecked: false },
  initial: 'idle',
  on: {
    NAVIGATE: {
      target: '.checking',
      reenter: true,
      actions: assign(({ event }) => {
        const { type: _type, ...request } = event;
        return { request, menuRechecked: false, navigating: true, decision: null };
      }),
    },
  },
  states: {
    idle: {},
    checking: {
      entry: 'decide',
      always: [
        { guard: 'allows', target: 'allowed' },
        { guard: 'redirects', target: 'redirecting' },
        { target: 'rechecking' },
      ],
    },
    rechecking: {
      initial: 'waiting',
      states: {
        waiting: {
          after: { menuRecheck: 'reloading' },
        },
        reloading: {
          invoke: {
            src: 'reloadMenu',
            input: ({ context }) => ({ path: context.request!.path }),
            onDone: {
              target: '#guard.checking',
              actions: { type: 'menuReloaded', params: ({ event }) => ({ menuCount: event.output }) },
            },
            // a menu that cannot be read counts as empty
            onError: { target: '#guard.checking', actions: { type: 'menuReloaded', params: { menuCount: 0 } } },
          },
        },
      },
    },
    allowed: {
      entry: [assign({ target: ({ context }) => context.request!.path, navigating: false }), 'scrollToTop'],
    },
    redirecting: {
      entry: assign({
        target: ({ context }) => (context.decision?.type === 'redirect' ? context.decision.to : null),
      }),
    },
  },
});
