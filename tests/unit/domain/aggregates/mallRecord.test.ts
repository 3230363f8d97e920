import { describe, expect, it } from 'vitest';
import { mallRecordDecider, MALL_RECORD_TEXT, type MallRecordEvent } from '../../../../domain/aggregates/mallRecord.ts';
import type { MallContent, StorefrontTemplate } from '../../../../domain/mall/content.ts';
import { given } from '../../../support/decider.ts';

const notice: MallContent = { kind: 'notice', title: '开学通知', body: '<p>x</p>' };
const saved: MallRecordEvent = { type: 'MallRecordSaved', data: { kind: 'content', recordId: 'r1', data: notice, created: true } };
const save = (data: MallContent, create: boolean) => ({ type: 'SaveMallRecord', kind: 'content', recordId: 'r1', data, create } as const);

describe('mall record decider', () => {
  it('creates a content record, then edits it', () => {
    given(mallRecordDecider).when(save(notice, true)).then([saved]);
    const edited = { ...notice, title: '开学通知（更新）' };
    given(mallRecordDecider, [saved]).when(save(edited, false))
      .then([{ type: 'MallRecordSaved', data: { kind: 'content', recordId: 'r1', data: edited, created: false } }]);
  });
  it('an edit that changes nothing records nothing', () => {
    given(mallRecordDecider, [saved]).when(save(notice, false)).then([]);
  });
  it('refuses creating twice, editing a missing record, invalid data, and another kind on the stream', () => {
    given(mallRecordDecider, [saved]).when(save(notice, true)).thenRefused('conflict', MALL_RECORD_TEXT.exists);
    given(mallRecordDecider).when(save(notice, false)).thenRefused('notFound', MALL_RECORD_TEXT.missing.content);
    given(mallRecordDecider).when(save({ ...notice, title: '  ' }, true)).thenRefused('invalid', /标题不能为空/);
    given(mallRecordDecider).when(save({ kind: 'banner', title: '横幅' }, true)).thenRefused('invalid', /横幅需要图片/);
    given(mallRecordDecider, [saved]).when({ type: 'RemoveMallRecord', kind: 'campaign', recordId: 'r1' }).thenRefused('conflict', MALL_RECORD_TEXT.otherKind);
  });
  it('a template is made by its first save, even without create', () => {
    const template: StorefrontTemplate = { layout: 'classic', shopName: '学校商城', blocks: [], open: true };
    given(mallRecordDecider).when({ type: 'SaveMallRecord', kind: 'template', recordId: 'org1', data: template, create: false })
      .then([{ type: 'MallRecordSaved', data: { kind: 'template', recordId: 'org1', data: template, created: true } }]);
  });
  it('removes a live record once', () => {
    const removed: MallRecordEvent = { type: 'MallRecordRemoved', data: { kind: 'content', recordId: 'r1' } };
    given(mallRecordDecider, [saved]).when({ type: 'RemoveMallRecord', kind: 'content', recordId: 'r1' }).then([removed]);
    given(mallRecordDecider, [saved, removed]).when({ type: 'RemoveMallRecord', kind: 'content', recordId: 'r1' }).thenRefused('notFound');
    const state = given(mallRecordDecider, [saved]).when({ type: 'RemoveMallRecord', kind: 'content', recordId: 'r1' }).state();
    expect(state.live).toBe(false);
  });
});
