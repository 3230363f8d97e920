import { assign, fromPromise, setup } from 'xstate';
import { TIMERS } from '../domain/constants.ts';
import { needsMarquee, shouldShowNotice } from '../domain/notice.ts';
import type { SystemNotify } from '../domain/types.ts';
import { errorMessage, notProvided } from './errorMessage.ts';

export interface NoticeTarget {
  orgId: string;
  appId: string;
}

export interface NoticeBannerContext {
  orgId: string | null;
  appId: string | null;
  notify: SystemNotify | null;
  /** §2 text wider than the banner minus 60 px scrolls */
  marquee: boolean;
  /** §9 marquee 20 s, repeated 2 times (for the view's animation) */
  marqueeDurationMs: number;
  marqueeRepeat: number;
  error: string | null;
}

export type NoticeBannerEvent =
  | ({ type: 'ORG_APP_CHANGED' } & NoticeTarget)
  | { type: 'MEASURED'; textWidth: number; bannerWidth: number }
  | { type: 'CLOSE' }
  | { type: 'CLEAR' };

const initialContext: NoticeBannerContext = {
  orgId: null,
  appId: null,
  notify: null,
  marquee: false,
  marqueeDurationMs: TIMERS.marqueeDurationMs,
  marqueeRepeat: TIMERS.marqueeRepeat,
  error: null,
};

export const noticeBannerMachine = setup({
  types: {
    context: {} as NoticeBannerContext,
    events: {} as NoticeBannerEvent,
  },
  actors: {
    /** the org config's systemNotify of the org-app */
    fetchSystemNotify: fromPromise<SystemNotify | null, NoticeTarget>(async () => notProvided('fetchSystemNotify')),
  },
  delays: {
    // §2 / §9 the banner is fetched 400 ms after the current org-app changes
    noticeRefresh: TIMERS.noticeRefreshMs,
  },
}).createMachine({
  id: 'noticeBanner',
  context: initialContext,
  initial: 'idle',
  on: {
    ORG_APP_CHANGED: {
      target: '.waiting',
      reenter: true,
      actions: assign(({ event }) => ({
        orgId: event.orgId,
        appId: event.appId,
        notify: null,
        marquee: false,
        error: null,
      })),
    },
    CLEAR: { target: '.idle', actions: assign(initialContext) },
  },
  states: {
    idle: {},
    waiting: {
      after: { noticeRefresh: 'fetching' },
    },
    fetching: {
      invoke: {
        src: 'fetchSystemNotify',
        input: ({ context }) => ({ orgId: context.orgId ?? '', appId: context.appId ?? '' }),
        onDone: [
          // §2 shows only if enabled and content non-empty
          {
            guard: ({ event }) => shouldShowNotice(event.output),
            target: 'shown',
            actions: assign({ notify: ({ event }) => event.output }),
          },
          { target: 'hidden', actions: assign({ notify: ({ event }) => event.output }) },
        ],
        onError: { target: 'hidden', actions: assign({ error: ({ event }) => errorMessage(event.error) }) },
      },
    },
    hidden: {},
    shown: {
      on: {
        MEASURED: {
          actions: assign({ marquee: ({ event }) => needsMarquee(event.textWidth, event.bannerWidth) }),
        },
        // §2 a close icon hides it (until the org-app changes again)
        CLOSE: 'closed',
      },
    },
    closed: {},
  },
});
