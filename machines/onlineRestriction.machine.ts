import { assign, setup } from 'xstate';
import { checkOnline, type NowParts } from '../domain/onlineRestriction.ts';
import type { RoleLike } from '../domain/roles.ts';
import type { Holiday, OnlineRule } from '../domain/types.ts';

export interface OnlineCheckRequest {
  rule?: OnlineRule;
  /** the current moment as local date, clock time and weekday (domain/nowParts) */
  now: NowParts;
  holidays: Holiday[];
  roles: RoleLike[];
  /** the module being opened, for the view */
  path?: string;
}

export interface OnlineRestrictionContext {
  /** the configured message and title when blocked; empty means the view shows its default text */
  msg: string;
  title: string;
  path: string | null;
}

export type OnlineRestrictionEvent = { type: 'CHECK' } & OnlineCheckRequest;

const check = (event: OnlineRestrictionEvent) => checkOnline(event.rule, event.now, event.holidays, event.roles);

export const onlineRestrictionMachine = setup({
  types: {
    context: {} as OnlineRestrictionContext,
    events: {} as OnlineRestrictionEvent,
  },
  guards: {
    // §4 blocked outside allowed times or dates, or on non-working days when model is 2; §6 admins bypass
    blocked: ({ event }) => check(event).blocked,
  },
}).createMachine({
  id: 'onlineRestriction',
  context: { msg: '', title: '', path: null },
  initial: 'unchecked',
  on: {
    CHECK: [
      {
        guard: 'blocked',
        target: '.blocked',
        actions: assign(({ event }) => {
          const result = check(event);
          return result.blocked
            ? { msg: result.msg, title: result.title, path: event.path ?? null }
            : { msg: '', title: '', path: event.path ?? null };
        }),
      },
      { target: '.allowed', actions: assign(({ event }) => ({ msg: '', title: '', path: event.path ?? null })) },
    ],
  },
  states: {
    unchecked: {},
    allowed: {},
    blocked: {},
  },
});
