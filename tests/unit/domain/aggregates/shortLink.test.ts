import { describe, expect, it } from 'vitest';
import { shortLinkDecider, type ShortLinkEvent } from '../../../../domain/aggregates/shortLink.ts';
import { SHORT_LINK_TEXT } from '../../../../domain/shortLink.ts';
import { given } from '../../../support/decider.ts';

const now = '2026-11-20T00:00:00.000Z';
const create = {
  type: 'CreateShortLink', code: 'Abc2345', target: ' /index.html#/trace?id=1 ', title: ' 溯源 ', expiresAt: '2026-12-01T00:00:00.000Z',
  createdBy: 'u1', createdByName: '张三', now,
} as const;
const created: ShortLinkEvent = {
  type: 'ShortLinkCreated',
  data: { code: 'Abc2345', target: '/index.html#/trace?id=1', title: '溯源', expiresAt: '2026-12-01T00:00:00.000Z', createdBy: 'u1', createdByName: '张三' },
};

describe('short link decider', () => {
  it('creates a link to an own page, target and title trimmed', () => {
    given(shortLinkDecider).when(create).then([created]);
  });
  it('refuses another host, a past expiry, an overlong title, and a second create', () => {
    given(shortLinkDecider).when({ ...create, target: 'https://evil.example/' }).thenRefused('invalid', SHORT_LINK_TEXT.notOwnPage);
    given(shortLinkDecider).when({ ...create, target: '//evil.example/index.html' }).thenRefused('invalid', SHORT_LINK_TEXT.notOwnPage);
    given(shortLinkDecider).when({ ...create, expiresAt: now }).thenRefused('invalid', SHORT_LINK_TEXT.badExpiry);
    given(shortLinkDecider).when({ ...create, title: '长'.repeat(61) }).thenRefused('invalid', SHORT_LINK_TEXT.titleTooLong);
    given(shortLinkDecider, [created]).when(create).thenRefused('conflict');
  });
  it('sets the expiry of a live link; the same expiry records nothing', () => {
    given(shortLinkDecider, [created]).when({ type: 'SetShortLinkExpiry', code: 'Abc2345', expiresAt: null })
      .then([{ type: 'ShortLinkExpirySet', data: { code: 'Abc2345', expiresAt: null } }]);
    given(shortLinkDecider, [created]).when({ type: 'SetShortLinkExpiry', code: 'Abc2345', expiresAt: '2026-12-01T00:00:00.000Z' }).then([]);
    const state = given(shortLinkDecider, [created]).when({ type: 'SetShortLinkExpiry', code: 'Abc2345', expiresAt: now }).state();
    expect(state).toEqual({ status: 'live', expiresAt: now });
  });
  it('refuses to set the expiry of a link that is not there', () => {
    given(shortLinkDecider).when({ type: 'SetShortLinkExpiry', code: 'Abc2345', expiresAt: null }).thenRefused('notFound', SHORT_LINK_TEXT.notFound);
  });
});
