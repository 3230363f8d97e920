// The goods catalogue of a supplier (§3 product, SKU; §7 /v4/mall/product, /v4/mall/sku) and the supplier links of
// a purchasing org (§3 supplier): one stream per product (`product-<id>`), SKU (`sku-<id>`) and link
// (`mallSupplier-<objectId>`). Whether the category, the product or the role group exists is looked up by the
// handler and comes in the command; a product's deletion also ends its SKUs (in the projection), so a SKU
// command says whether its row is still live.
import { refuse, type Decider, type DomainEvent } from '../decider.ts';
import { changedFields, withChanges } from './changes.ts';

export interface ProductCreated {
  id: string; name: string; cid: string | null; categoryId: string | null; status: number; isPackage: boolean; isUppershelf: boolean;
  rawRipe: string; unit: string; priceClass: string | null; extraInfo: Record<string, unknown>; at: string;
}
export type ProductUpdated = { id: string; at: string } & Partial<Omit<ProductCreated, 'id' | 'at'>>;
export interface ProductDeleted { id: string; at: string }

export type ProductEvent =
  | DomainEvent<'ProductCreated', ProductCreated>
  | DomainEvent<'ProductUpdated', ProductUpdated>
  | DomainEvent<'ProductDeleted', ProductDeleted>;

export type ProductCommand =
  | { type: 'CreateProduct'; product: ProductCreated; categoryKnown: boolean }
  | { type: 'UpdateProduct'; change: ProductUpdated; categoryKnown: boolean }
  | { type: 'DeleteProduct'; id: string; at: string }
  /** the product's pictures (extraInfo.images): replaced, or appended to (duplicates dropped), at most `max` */
  | { type: 'SetProductImages'; id: string; at: string; images: string[]; append: boolean; max: number };

export interface ProductState { status: 'none' | 'live' | 'deleted'; product: Omit<ProductCreated, 'id' | 'at'> | null }

const CATEGORY_MISSING = '参数错误：商品分类不存在';

export const productDecider: Decider<ProductCommand, ProductState, ProductEvent> = {
  initialState: () => ({ status: 'none', product: null }),
  decide(command, state) {
    switch (command.type) {
      case 'CreateProduct': {
        const p = command.product;
        if (state.status !== 'none') return refuse('conflict', '商品已存在');
        if (!p.name.trim()) return refuse('invalid', '参数错误：缺少商品名称');
        if (p.categoryId && !command.categoryKnown) return refuse('invalid', CATEGORY_MISSING);
        return [{ type: 'ProductCreated', data: { ...p, name: p.name.trim() } }];
      }
      case 'UpdateProduct': {
        const { change } = command;
        if (state.status !== 'live' || !state.product) return refuse('notFound', '商品不存在');
        if (change.name !== undefined && !change.name.trim()) return refuse('invalid', '参数错误：缺少商品名称');
        if (change.categoryId && !command.categoryKnown) return refuse('invalid', CATEGORY_MISSING);
        const { id, at, ...fields } = change;
        const differs = changedFields(state.product, { ...fields, ...(fields.name !== undefined && { name: fields.name.trim() }) });
        return Object.keys(differs).length ? [{ type: 'ProductUpdated', data: { id, at, ...differs } }] : [];
      }
      case 'DeleteProduct':
        if (state.status !== 'live') return refuse('notFound', '商品不存在');
        return [{ type: 'ProductDeleted', data: { id: command.id, at: command.at } }];
      case 'SetProductImages': {
        if (state.status !== 'live' || !state.product) return refuse('notFound', '商品不存在');
        const extra = state.product.extraInfo;
        const before = Array.isArray(extra.images) ? (extra.images as string[]) : [];
        const images = [...new Set(command.append ? [...before, ...command.images] : command.images)];
        if (images.length > command.max) return refuse('invalid', `每个商品最多 ${command.max} 张图片`);
        return [{ type: 'ProductUpdated', data: { id: command.id, at: command.at, extraInfo: { ...extra, images } } }];
      }
    }
  },
  evolve(state, event) {
    switch (event.type) {
      case 'ProductCreated': {
        const { id: _id, at: _at, ...product } = event.data;
        return { status: 'live', product };
      }
      case 'ProductUpdated': {
        const { id: _id, at: _at, ...change } = event.data;
        return { ...state, product: state.product && withChanges(state.product, change) };
      }
      case 'ProductDeleted':
        return { ...state, status: 'deleted' };
    }
  },
};

export interface SkuCreated {
  skuId: string; productId: string; name: string; spec: string; unit: string; sort: number; enable: boolean; extraInfo: Record<string, unknown>; at: string;
}
export type SkuUpdated = { skuId: string; at: string } & Partial<Pick<SkuCreated, 'name' | 'spec' | 'unit' | 'sort' | 'enable' | 'extraInfo'>>;
export interface SkuDeleted { skuId: string; at: string }
export interface SkuIngredientsSet { skuId: string; ingredients: { foodId: string; ratio: number }[] }

export type SkuEvent =
  | DomainEvent<'SkuCreated', SkuCreated>
  | DomainEvent<'SkuUpdated', SkuUpdated>
  | DomainEvent<'SkuDeleted', SkuDeleted>
  | DomainEvent<'SkuIngredientsSet', SkuIngredientsSet>;

export type SkuCommand =
  /** productLive: the product named is the supplier's and not deleted */
  | { type: 'CreateSku'; sku: SkuCreated; productLive: boolean }
  /** rowLive: the SKU's row is live (its product was not deleted) */
  | { type: 'UpdateSku'; change: SkuUpdated; rowLive: boolean }
  | { type: 'DeleteSku'; skuId: string; at: string; rowLive: boolean }
  | { type: 'SetSkuIngredients'; skuId: string; ingredients: { foodId: string; ratio: number }[]; rowLive: boolean };

export interface SkuState { status: 'none' | 'live' | 'deleted'; sku: Omit<SkuCreated, 'skuId' | 'at'> | null; ingredients: SkuIngredientsSet['ingredients'] }

const SKU_MISSING = 'SKU 不存在';

export const skuDecider: Decider<SkuCommand, SkuState, SkuEvent> = {
  initialState: () => ({ status: 'none', sku: null, ingredients: [] }),
  decide(command, state) {
    if (command.type === 'CreateSku') {
      if (state.status !== 'none') return refuse('conflict', 'SKU 已存在');
      if (!command.productLive) return refuse('notFound', '商品不存在');
      if (!command.sku.name.trim()) return refuse('invalid', '参数错误：缺少 SKU 名称');
      return [{ type: 'SkuCreated', data: { ...command.sku, name: command.sku.name.trim() } }];
    }
    if (state.status !== 'live' || !state.sku || !command.rowLive) return refuse('notFound', SKU_MISSING);
    switch (command.type) {
      case 'UpdateSku': {
        const { skuId, at, ...fields } = command.change;
        if (fields.name !== undefined && !fields.name.trim()) return refuse('invalid', '参数错误：缺少 SKU 名称');
        const differs = changedFields(state.sku, { ...fields, ...(fields.name !== undefined && { name: fields.name.trim() }) });
        return Object.keys(differs).length ? [{ type: 'SkuUpdated', data: { skuId, at, ...differs } }] : [];
      }
      case 'DeleteSku':
        return [{ type: 'SkuDeleted', data: { skuId: command.skuId, at: command.at } }];
      case 'SetSkuIngredients': {
        if (JSON.stringify(command.ingredients) === JSON.stringify(state.ingredients)) return [];
        return [{ type: 'SkuIngredientsSet', data: { skuId: command.skuId, ingredients: command.ingredients } }];
      }
    }
  },
  evolve(state, event) {
    switch (event.type) {
      case 'SkuCreated': {
        const { skuId: _id, at: _at, ...sku } = event.data;
        return { ...state, status: 'live', sku };
      }
      case 'SkuUpdated': {
        const { skuId: _id, at: _at, ...change } = event.data;
        return { ...state, sku: state.sku && withChanges(state.sku, change) };
      }
      case 'SkuDeleted':
        return { ...state, status: 'deleted' };
      case 'SkuIngredientsSet':
        return { ...state, ingredients: event.data.ingredients };
    }
  },
};

export interface MallSupplierCreated {
  objectId: string; supplierOrgId: string; name: string; type: string; roleGroupId: string | null; status: number; enable: boolean;
  extraInfo: Record<string, unknown>;
}
export type MallSupplierUpdated = { objectId: string } & Partial<Omit<MallSupplierCreated, 'objectId' | 'supplierOrgId'>>;

export type SupplierLinkEvent = DomainEvent<'MallSupplierCreated', MallSupplierCreated> | DomainEvent<'MallSupplierUpdated', MallSupplierUpdated>;

export type SupplierLinkCommand =
  /** linked: the purchasing org already links this supplier */
  | { type: 'LinkSupplier'; link: MallSupplierCreated; linked: boolean }
  | { type: 'UpdateSupplierLink'; change: MallSupplierUpdated };

export interface SupplierLinkState { exists: boolean; link: Omit<MallSupplierCreated, 'objectId'> | null }

export const supplierLinkDecider: Decider<SupplierLinkCommand, SupplierLinkState, SupplierLinkEvent> = {
  initialState: () => ({ exists: false, link: null }),
  decide(command, state) {
    if (command.type === 'LinkSupplier') {
      if (state.exists || command.linked) return refuse('invalid', '参数错误：该供应商已存在');
      return [{ type: 'MallSupplierCreated', data: command.link }];
    }
    if (!state.exists || !state.link) return refuse('notFound', '供应商不存在');
    const { objectId, ...fields } = command.change;
    const differs = changedFields(state.link, { ...fields, ...(fields.name !== undefined && { name: fields.name.trim() }) });
    return Object.keys(differs).length ? [{ type: 'MallSupplierUpdated', data: { objectId, ...differs } }] : [];
  },
  evolve(state, event) {
    if (event.type === 'MallSupplierCreated') {
      const { objectId: _id, ...link } = event.data;
      return { exists: true, link };
    }
    const { objectId: _id, ...change } = event.data;
    return { ...state, link: state.link && withChanges(state.link, change) };
  },
};
