import { describe, expect, it } from 'vitest';
import {
  productUpdateDecider, productUpdateReadDecider, PRODUCT_UPDATE_TEXT, type ProductUpdateEvent, type ProductUpdateFields, type ProductUpdateReadEvent,
} from '../../../../domain/aggregates/productUpdate.ts';
import { given } from '../../../support/decider.ts';

const fields: ProductUpdateFields = { title: 'V2.1 发布', version: '2.1', content: '<p>新功能</p>', audience: ['school', 'supplier'], publishedAt: '2026-11-20T00:00:00.000Z' };
const published: ProductUpdateEvent = { type: 'ProductUpdatePublished', data: { updateId: 'u1', createdByName: '平台', ...fields } };
const publish = { type: 'PublishProductUpdate', updateId: 'u1', fields: { ...fields, title: ' V2.1 发布 ', audience: ['school', 'supplier', 'school'] }, createdByName: '平台' } as const;

describe('product update decider', () => {
  it('publishes a note with its title trimmed and its audience deduplicated', () => {
    given(productUpdateDecider).when({ ...publish, fields: { ...publish.fields, audience: [...publish.fields.audience] } }).then([published]);
  });
  it('refuses a blank title, an empty or unknown audience, and publishing twice', () => {
    given(productUpdateDecider).when({ ...publish, fields: { ...fields, title: '  ' } }).thenRefused('invalid', PRODUCT_UPDATE_TEXT.titleEmpty);
    given(productUpdateDecider).when({ ...publish, fields: { ...fields, audience: [] } }).thenRefused('invalid', PRODUCT_UPDATE_TEXT.noAudience);
    given(productUpdateDecider).when({ ...publish, fields: { ...fields, version: '1'.repeat(31) } }).thenRefused('invalid', PRODUCT_UPDATE_TEXT.versionTooLong);
    given(productUpdateDecider, [published]).when({ ...publish, fields }).thenRefused('conflict');
  });
  it('records only the fields that change', () => {
    given(productUpdateDecider, [published]).when({ type: 'ChangeProductUpdate', updateId: 'u1', change: { title: 'V2.1 发布', version: '2.1.1' } })
      .then([{ type: 'ProductUpdateChanged', data: { updateId: 'u1', version: '2.1.1' } }]);
    given(productUpdateDecider, [published]).when({ type: 'ChangeProductUpdate', updateId: 'u1', change: { title: 'V2.1 发布' } }).then([]);
  });
  it('withdraws a live note; a withdrawn or missing note cannot be changed or withdrawn', () => {
    const withdrawn: ProductUpdateEvent = { type: 'ProductUpdateWithdrawn', data: { updateId: 'u1' } };
    given(productUpdateDecider, [published]).when({ type: 'WithdrawProductUpdate', updateId: 'u1' }).then([withdrawn]);
    given(productUpdateDecider, [published, withdrawn]).when({ type: 'WithdrawProductUpdate', updateId: 'u1' }).thenRefused('notFound', PRODUCT_UPDATE_TEXT.notFound);
    given(productUpdateDecider).when({ type: 'ChangeProductUpdate', updateId: 'u1', change: { title: 'x' } }).thenRefused('notFound');
  });
  it('folds changes into the state', () => {
    const state = given(productUpdateDecider, [published]).when({ type: 'ChangeProductUpdate', updateId: 'u1', change: { content: 'c' } }).state();
    expect(state).toEqual({ status: 'live', fields: { ...fields, content: 'c' } });
  });
});

describe('product update read decider', () => {
  const read: ProductUpdateReadEvent = { type: 'ProductUpdateRead', data: { updateId: 'u1', userId: 'r1' } };
  it('records a first read, and nothing on reading again', () => {
    given(productUpdateReadDecider).when({ type: 'MarkProductUpdateRead', updateId: 'u1', userId: 'r1' }).then([read]);
    given(productUpdateReadDecider, [read]).when({ type: 'MarkProductUpdateRead', updateId: 'u1', userId: 'r1' }).then([]);
    given(productUpdateReadDecider, [read]).when({ type: 'MarkProductUpdateRead', updateId: 'u2', userId: 'r1' })
      .then([{ type: 'ProductUpdateRead', data: { updateId: 'u2', userId: 'r1' } }]);
  });
});
