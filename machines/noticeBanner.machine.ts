import { assign, fromPromise, setup } from 'xstate';
import { TIMERS } from '../domain/constants.ts';
import { needsMarquee, noticeKey, shouldShowNotice } from '../domain/notice.ts';
import type { SystemNotify } from '../domain/types.ts';
import { errorMessage, notProvided } from './errorMessage.ts';

export interface NoticeTarget {
  orgId: string;
  appId: string;
}

/** The notice closed in an org-app (domain/notice.ts noticeKey), remembered where the app keeps it (locally). */
export interface ClosedNotice extends NoticeTarget { key: string }

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
    /** the key of the notice last closed in the org-app (null: none); not provided = nothing remembered */
    readClosedNotice: fromPromise<string | null, NoticeTarget>(async () => notProvided('readClosedNotice')),
    /** remember that this notice was closed in the org-app */
    rememberClosedNotice: fromPromise<void, ClosedNotice>(async () => notProvided('rememberClosedNotice')),
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
            target: 'checking',
            actions: assign({ notify: ({ event }) => event.output }),
          },
          { target: 'hidden', actions: assign({ notify: ({ event }) => event.output }) },
        ],
        onError: { target: 'hidden', actions: assign({ error: ({ event }) => errorMessage(event.error) }) },
      },
    },
    hidden: {},
    // issue 28: a notice closed before stays closed across reloads, until its text changes
    checking: {
      invoke: {
        src: 'readClosedNotice',
        input: ({ context }) => ({ orgId: context.orgId ?? '', appId: context.appId ?? '' }),
        onDone: [
          { guard: ({ context, event }) => context.notify !== null && event.output === noticeKey(context.notify), target: 'closed' },
          { target: 'shown' },
        ],
        // nothing remembered (or storage unreadable): show it
        onError: { target: 'shown' },
      },
    },
    shown: {
      on: {
        MEASURED: {
          actions: assign({ marquee: ({ event }) => needsMarquee(event.textWidth, event.bannerWidth) }),
        },
        // §2 a close icon hides it; remembered for this notice text (issue 28)
        CLOSE: 'closing',
      },
    },
    closing: {
      invoke: {
        src: 'rememberClosedNotice',
        input: ({ context }) => ({ orgId: context.orgId ?? '', appId: context.appId ?? '', key: context.notify ? noticeKey(context.notify) : '' }),
        // closed either way: storage failing only means it shows again after a reload
        onDone: { target: 'closed' },
        onError: { target: 'closed' },
      },
    },
    closed: {},
  },
});
