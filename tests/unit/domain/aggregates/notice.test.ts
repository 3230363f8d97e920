import { describe, expect, it } from 'vitest';
import { noticeDecider, type NoticeEvent } from '../../../../domain/aggregates/notice.ts';
import { given } from '../../../support/decider.ts';

const created: NoticeEvent = {
  type: 'NoticeCreated',
  data: { noticeId: 'n1', title: '放假通知', content: '<p>x</p>', publishedAt: '2026-11-20T00:00:00.000Z', createdBy: 'u1', createdByName: '张三' },
};
const create = { type: 'CreateNotice', noticeId: 'n1', title: ' 放假通知 ', content: '<p>x</p>', publishedAt: '2026-11-20T00:00:00.000Z', createdBy: 'u1', createdByName: '张三' } as const;

describe('notice decider', () => {
  it('creates a notice with its title trimmed', () => {
    given(noticeDecider).when(create).then([created]);
  });
  it('refuses a blank or overlong title and a second create', () => {
    given(noticeDecider).when({ ...create, title: '   ' }).thenRefused('invalid', /标题不能为空/);
    given(noticeDecider).when({ ...create, title: '长'.repeat(101) }).thenRefused('invalid', /100/);
    given(noticeDecider, [created]).when(create).thenRefused('conflict');
  });
  it('records only the fields that change; an edit that changes nothing records nothing', () => {
    given(noticeDecider, [created]).when({ type: 'UpdateNotice', noticeId: 'n1', title: '放假通知', content: '<p>y</p>' })
      .then([{ type: 'NoticeUpdated', data: { noticeId: 'n1', content: '<p>y</p>' } }]);
    given(noticeDecider, [created]).when({ type: 'UpdateNotice', noticeId: 'n1', title: '放假通知' }).then([]);
  });
  it('refuses to edit, remove or read a notice that is not there', () => {
    const removed: NoticeEvent = { type: 'NoticeRemoved', data: { noticeId: 'n1' } };
    given(noticeDecider).when({ type: 'UpdateNotice', noticeId: 'n1', title: 'x' }).thenRefused('notFound');
    given(noticeDecider, [created, removed]).when({ type: 'RemoveNotice', noticeId: 'n1' }).thenRefused('notFound');
    given(noticeDecider, [created, removed]).when({ type: 'MarkNoticeRead', noticeId: 'n1', userId: 'u2', now: '2026-11-24T00:00:00.000Z' }).thenRefused('notFound');
  });
  it('a reader is recorded once, and not before the notice is published', () => {
    const read: NoticeEvent = { type: 'NoticeRead', data: { noticeId: 'n1', userId: 'u2' } };
    given(noticeDecider, [created]).when({ type: 'MarkNoticeRead', noticeId: 'n1', userId: 'u2', now: '2026-11-24T00:00:00.000Z' }).then([read]);
    given(noticeDecider, [created, read]).when({ type: 'MarkNoticeRead', noticeId: 'n1', userId: 'u2', now: '2026-11-24T00:00:00.000Z' }).then([]);
    given(noticeDecider, [created]).when({ type: 'MarkNoticeRead', noticeId: 'n1', userId: 'u2', now: '2026-11-19T00:00:00.000Z' }).thenRefused('notFound');
  });
  it('folds edits into the state', () => {
    const state = given(noticeDecider, [created]).when({ type: 'UpdateNotice', noticeId: 'n1', content: 'c' }).state();
    expect(state).toMatchObject({ status: 'live', title: '放假通知', content: 'c' });
  });
});
