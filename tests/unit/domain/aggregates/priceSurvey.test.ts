import { describe, it } from 'vitest';
import { priceSurveyDecider, type PriceSurveyEvent, type RecordSurvey } from '../../../../domain/aggregates/priceSurvey.ts';
import { given } from '../../../support/decider.ts';

const record: RecordSurvey = {
  type: 'RecordSurvey', id: 's1', area: '海淀区', kind: 'supplier', createdBy: 'u1', at: '2026-11-24T08:00:00.000Z',
  input: { skuId: 'k1', priceClass: 'dqbd', price: '12.345', surveyDate: '2026-11-24', source: ' 市场 ' },
  sku: { skuId: 'k1', productId: 'p1' },
  product: { id: 'p1', name: '西红柿', orgId: 'sup', area: '海淀区' },
  anyArea: false,
};
const recorded: PriceSurveyEvent = {
  type: 'PriceSurveyRecorded',
  data: {
    id: 's1', area: '海淀区', kind: 'supplier', supplierOrgId: 'sup', productId: 'p1', skuId: 'k1', productName: '西红柿', priceClass: 'dqbd', price: 12.35,
    surveyDate: '2026-11-24', source: '市场', remark: '', createdBy: 'u1', at: '2026-11-24T08:00:00.000Z',
  },
};

describe('price survey decider', () => {
  it('records a survey of a SKU of the area, the price rounded to cents', () => {
    given(priceSurveyDecider).when(record).then([recorded]);
  });
  it('refuses a bad price, class or date, a missing SKU and another area, naming every reason', () => {
    given(priceSurveyDecider).when({ ...record, input: { ...record.input, price: -1, priceClass: 'x', surveyDate: '2026-13-01' } })
      .thenRefused('invalid', /价格必须.*价格分类.*询价日期/);
    given(priceSurveyDecider).when({ ...record, sku: null, product: null }).thenRefused('invalid', /SKU 不存在/);
    given(priceSurveyDecider).when({ ...record, product: { ...record.product!, area: '朝阳区' } }).thenRefused('invalid', /本区域/);
    // the platform may survey any area
    given(priceSurveyDecider).when({ ...record, product: { ...record.product!, area: '朝阳区' }, anyArea: true }).then([recorded]);
  });
  it('a product name alone is enough for an education survey', () => {
    given(priceSurveyDecider).when({ ...record, kind: 'education', input: { priceClass: 'jyjxj', price: 3, surveyDate: '2026-11-24', productName: ' 土豆 ' }, sku: null, product: null })
      .then([{ type: 'PriceSurveyRecorded', data: { ...(recorded.data as object), kind: 'education', supplierOrgId: null, productId: null, skuId: null, productName: '土豆', priceClass: 'jyjxj', price: 3, source: '' } } as PriceSurveyEvent]);
  });
  it('deletes a recorded survey once', () => {
    const deleted: PriceSurveyEvent = { type: 'PriceSurveyDeleted', data: { id: 's1' } };
    given(priceSurveyDecider, [recorded]).when({ type: 'DeleteSurvey', id: 's1' }).then([deleted]);
    given(priceSurveyDecider, [recorded, deleted]).when({ type: 'DeleteSurvey', id: 's1' }).thenRefused('notFound');
  });
});

describe('a supermarket shelf price (issue 35)', () => {
  const shelf: RecordSurvey = { ...record, input: { ...record.input, supermarketId: 'm1', photo: 'data:image/jpeg;base64,AAAA' }, supermarket: { id: 'm1', name: '城东大润发' } };
  it('names its supermarket as the source and keeps the photo', () => {
    given(priceSurveyDecider).when(shelf).then([{ type: 'PriceSurveyRecorded', data: { ...(recorded.data as object), source: '城东大润发', supermarketId: 'm1', photo: 'data:image/jpeg;base64,AAAA' } } as PriceSurveyEvent]);
  });
  it('refuses a supermarket the bureau does not have and a photo that is no picture', () => {
    given(priceSurveyDecider).when({ ...shelf, supermarket: null }).thenRefused('invalid', /商超不存在/);
    given(priceSurveyDecider).when({ ...shelf, input: { ...shelf.input, photo: 'javascript:alert(1)' } }).thenRefused('invalid', /照片/);
  });
});
