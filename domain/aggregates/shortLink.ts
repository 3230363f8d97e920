// §2 短网址管理 (issue 35): one short link of an org, made and expired. One stream per link ('shortLink-<code>'),
// in the org that made it. Visits are counted apart (server/modules/shortLinks): following a link is nobody's change.
import { refuse, type Decider, type DomainEvent } from '../decider.ts';
import { ownPageTarget, SHORT_LINK_LIMITS, SHORT_LINK_TEXT } from '../shortLink.ts';

export const shortLinkStream = (code: string) => `shortLink-${code}`;

export interface ShortLinkCreated { code: string; target: string; title: string; expiresAt: string | null; createdBy: string; createdByName: string }
export interface ShortLinkExpirySet { code: string; expiresAt: string | null }

export type ShortLinkEvent =
  | DomainEvent<'ShortLinkCreated', ShortLinkCreated>
  | DomainEvent<'ShortLinkExpirySet', ShortLinkExpirySet>;

export type ShortLinkCommand =
  /** now: the expiry must be later */
  | { type: 'CreateShortLink'; code: string; target: string; title: string; expiresAt: string | null; createdBy: string; createdByName: string; now: string }
  /** expiresAt: a time (now expires it at once) or null (never) */
  | { type: 'SetShortLinkExpiry'; code: string; expiresAt: string | null };

export interface ShortLinkState { status: 'none' | 'live'; expiresAt: string | null }

export const shortLinkDecider: Decider<ShortLinkCommand, ShortLinkState, ShortLinkEvent> = {
  initialState: () => ({ status: 'none', expiresAt: null }),

  decide(command, state) {
    switch (command.type) {
      case 'CreateShortLink': {
        if (state.status !== 'none') return refuse('conflict', '短网址已存在');
        const target = ownPageTarget(command.target);
        if (!target) return refuse('invalid', SHORT_LINK_TEXT.notOwnPage);
        const title = command.title.trim();
        if (title.length > SHORT_LINK_LIMITS.titleMax) return refuse('invalid', SHORT_LINK_TEXT.titleTooLong);
        if (command.expiresAt !== null && command.expiresAt <= command.now) return refuse('invalid', SHORT_LINK_TEXT.badExpiry);
        const { type: _, now: __, ...data } = command;
        return [{ type: 'ShortLinkCreated', data: { ...data, target, title } }];
      }
      case 'SetShortLinkExpiry':
        if (state.status !== 'live') return refuse('notFound', SHORT_LINK_TEXT.notFound);
        if (state.expiresAt === command.expiresAt) return [];
        return [{ type: 'ShortLinkExpirySet', data: { code: command.code, expiresAt: command.expiresAt } }];
    }
  },

  evolve(state, event) {
    switch (event.type) {
      case 'ShortLinkCreated': return { status: 'live', expiresAt: event.data.expiresAt };
      case 'ShortLinkExpirySet': return { ...state, expiresAt: event.data.expiresAt };
    }
  },
};
