import { describe, it } from 'vitest';
import {
  productDecider, skuDecider, supplierLinkDecider, type MallSupplierCreated, type ProductCreated, type ProductEvent, type SkuCreated, type SkuEvent,
} from '../../../../domain/aggregates/product.ts';
import { given } from '../../../support/decider.ts';

const at = '2026-11-24T08:00:00.000Z';
const product: ProductCreated = {
  id: 'p1', name: '西红柿', cid: 'c1', categoryId: 'c1', status: 1, isPackage: false, isUppershelf: true, rawRipe: 'raw', unit: '斤', priceClass: null, extraInfo: {}, at,
};
const created: ProductEvent = { type: 'ProductCreated', data: product };

describe('product decider', () => {
  it('creates a product in a known category, its name trimmed', () => {
    given(productDecider).when({ type: 'CreateProduct', product: { ...product, name: ' 西红柿 ' }, categoryKnown: true }).then([created]);
    given(productDecider).when({ type: 'CreateProduct', product, categoryKnown: false }).thenRefused('invalid', /商品分类不存在/);
  });
  it('records only changed fields, nothing when nothing changes', () => {
    given(productDecider, [created]).when({ type: 'UpdateProduct', change: { id: 'p1', at, isUppershelf: false, unit: '斤' }, categoryKnown: true })
      .then([{ type: 'ProductUpdated', data: { id: 'p1', at, isUppershelf: false } }]);
    given(productDecider, [created]).when({ type: 'UpdateProduct', change: { id: 'p1', at, name: '西红柿' }, categoryKnown: true }).then([]);
  });
  it('appends pictures without duplicates, up to the limit', () => {
    const withOne: ProductEvent = { type: 'ProductUpdated', data: { id: 'p1', at, extraInfo: { images: ['a.png'] } } };
    given(productDecider, [created, withOne]).when({ type: 'SetProductImages', id: 'p1', at, images: ['a.png', 'b.png'], append: true, max: 2 })
      .then([{ type: 'ProductUpdated', data: { id: 'p1', at, extraInfo: { images: ['a.png', 'b.png'] } } }]);
    given(productDecider, [created, withOne]).when({ type: 'SetProductImages', id: 'p1', at, images: ['b.png', 'c.png'], append: true, max: 2 }).thenRefused('invalid', /最多 2 张/);
  });
  it('refuses to change or delete a deleted product', () => {
    const deleted: ProductEvent = { type: 'ProductDeleted', data: { id: 'p1', at } };
    given(productDecider, [created]).when({ type: 'DeleteProduct', id: 'p1', at }).then([deleted]);
    given(productDecider, [created, deleted]).when({ type: 'UpdateProduct', change: { id: 'p1', at, status: 0 }, categoryKnown: true }).thenRefused('notFound');
  });
});

const sku: SkuCreated = { skuId: 's1', productId: 'p1', name: '500g', spec: '', unit: '袋', sort: 0, enable: true, extraInfo: {}, at };
const skuCreated: SkuEvent = { type: 'SkuCreated', data: sku };

describe('sku decider', () => {
  it('creates a SKU of a live product only', () => {
    given(skuDecider).when({ type: 'CreateSku', sku, productLive: true }).then([skuCreated]);
    given(skuDecider).when({ type: 'CreateSku', sku, productLive: false }).thenRefused('notFound');
  });
  it('changes, sets ingredients and deletes a live SKU; its product\'s deletion ends it too', () => {
    given(skuDecider, [skuCreated]).when({ type: 'UpdateSku', change: { skuId: 's1', at, unit: '箱' }, rowLive: true })
      .then([{ type: 'SkuUpdated', data: { skuId: 's1', at, unit: '箱' } }]);
    given(skuDecider, [skuCreated]).when({ type: 'SetSkuIngredients', skuId: 's1', ingredients: [{ foodId: 'f1', ratio: 1 }], rowLive: true })
      .then([{ type: 'SkuIngredientsSet', data: { skuId: 's1', ingredients: [{ foodId: 'f1', ratio: 1 }] } }]);
    given(skuDecider, [skuCreated]).when({ type: 'DeleteSku', skuId: 's1', at, rowLive: false }).thenRefused('notFound');
  });
});

describe('supplier link decider', () => {
  const link: MallSupplierCreated = { objectId: 'l1', supplierOrgId: 'sup', name: '鲜丰', type: 'xg', roleGroupId: null, status: 1, enable: true, extraInfo: {} };
  it('links a supplier once per purchasing org', () => {
    given(supplierLinkDecider).when({ type: 'LinkSupplier', link, linked: false }).then([{ type: 'MallSupplierCreated', data: link }]);
    given(supplierLinkDecider).when({ type: 'LinkSupplier', link, linked: true }).thenRefused('invalid', /已存在/);
  });
  it('records the changed fields of a link', () => {
    given(supplierLinkDecider, [{ type: 'MallSupplierCreated', data: link }]).when({ type: 'UpdateSupplierLink', change: { objectId: 'l1', enable: false, name: '鲜丰' } })
      .then([{ type: 'MallSupplierUpdated', data: { objectId: 'l1', enable: false } }]);
    given(supplierLinkDecider).when({ type: 'UpdateSupplierLink', change: { objectId: 'l1', enable: false } }).thenRefused('notFound');
  });
});
