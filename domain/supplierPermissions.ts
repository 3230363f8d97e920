// What a purchasing org lets a linked supplier do for it (mallSupplierPermissionManage, kept in the supplier
// link's extraInfo.permissions): the goods categories the org sees of that supplier, whether the supplier may
// change the prices this org pays (a freeze otherwise), and whether it takes the org's orders and delivers them
// (enforced by the order decider, domain/order.ts ACTION_PERMISSION, and the delivery notes, domain/aggregates/
// logistics.ts). Shared by the server (validation, read filters) and the console.

/** The permissions as stored on a link; missing = everything allowed. */
export interface SupplierPermissions {
  /** categories (group mallProduct of the supplier org) the org sees goods of, with their descendants; [] = all */
  categoryIds: string[];
  /** the supplier may change the prices this org pays; false freezes them at priceFrozenAt */
  priceEdit: boolean;
  /** the supplier may receive this org's orders: off refuses placing, submitting, confirming and refusing them */
  order: boolean;
  /** the supplier may deliver to this org: off refuses its orders on a delivery note, dispatching and delivering */
  delivery: boolean;
  /** ISO time priceEdit went from true to false, set by the server only; absent while priceEdit is true */
  priceFrozenAt?: string;
}

/** The part a client may send: the flags and categories (priceFrozenAt is the server's). */
export type SupplierPermissionsInput = Omit<SupplierPermissions, 'priceFrozenAt'>;

export const DEFAULT_SUPPLIER_PERMISSIONS: Readonly<SupplierPermissionsInput> = Object.freeze({ categoryIds: [], priceEdit: true, order: true, delivery: true });

/** At most this many categories may be listed on one link. */
export const MAX_PERMISSION_CATEGORIES = 500;
/** Longest category id accepted. */
export const MAX_CATEGORY_ID_LENGTH = 128;

const FLAGS = ['priceEdit', 'order', 'delivery'] as const;
const FLAG_NAMES: Record<(typeof FLAGS)[number], string> = { priceEdit: '维护价格（priceEdit）', order: '接收订单（order）', delivery: '配送（delivery）' };
/** Keys a client may send; priceFrozenAt is accepted (the console sends back what it read) and ignored. */
const KNOWN_KEYS = new Set<string>(['categoryIds', ...FLAGS, 'priceFrozenAt']);

export const SUPPLIER_PERMISSION_TEXT = {
  notObject: '供应商权限格式不正确：应为对象',
  categoriesNotArray: '可供应的商品分类（categoryIds）应为分类 id 的数组',
  tooManyCategories: `可供应的商品分类最多 ${MAX_PERMISSION_CATEGORIES} 个`,
  badCategoryId: `商品分类 id 应为 1 到 ${MAX_CATEGORY_ID_LENGTH} 个字符的文本`,
  notBoolean: (name: string) => `${name}应为 true 或 false`,
  unknownKey: (key: string) => `未知的供应商权限项「${key}」`,
  badFrozenAt: '价格冻结时间（priceFrozenAt）格式不正确',
  /** prefix of every refusal the server sends */
  invalid: '参数错误：供应商权限不正确',
} as const;

export type PermissionsParse = { ok: true; value: SupplierPermissionsInput } | { ok: false; errors: string[] };

const isPlainObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Checks untrusted permissions (a request body): null or undefined = the defaults; an object whose flags are
 * booleans and whose categoryIds is an array of id strings (at most MAX_PERMISSION_CATEGORIES, duplicates
 * dropped). Missing fields take the defaults. priceFrozenAt is ignored: only the server sets it.
 */
export function parseSupplierPermissions(input: unknown): PermissionsParse {
  if (input === undefined || input === null) return { ok: true, value: { ...DEFAULT_SUPPLIER_PERMISSIONS, categoryIds: [] } };
  if (!isPlainObject(input)) return { ok: false, errors: [SUPPLIER_PERMISSION_TEXT.notObject] };
  const errors: string[] = [];
  for (const key of Object.keys(input)) if (!KNOWN_KEYS.has(key)) errors.push(SUPPLIER_PERMISSION_TEXT.unknownKey(key.slice(0, 40)));
  const value: SupplierPermissionsInput = { ...DEFAULT_SUPPLIER_PERMISSIONS, categoryIds: [] };
  for (const flag of FLAGS) {
    const v = input[flag];
    if (v === undefined) continue;
    if (typeof v !== 'boolean') errors.push(SUPPLIER_PERMISSION_TEXT.notBoolean(FLAG_NAMES[flag]));
    else value[flag] = v;
  }
  const ids = input.categoryIds;
  if (ids !== undefined) {
    if (!Array.isArray(ids)) errors.push(SUPPLIER_PERMISSION_TEXT.categoriesNotArray);
    else if (ids.length > MAX_PERMISSION_CATEGORIES) errors.push(SUPPLIER_PERMISSION_TEXT.tooManyCategories);
    else if (ids.some((id) => typeof id !== 'string' || !id.trim() || id.length > MAX_CATEGORY_ID_LENGTH)) errors.push(SUPPLIER_PERMISSION_TEXT.badCategoryId);
    else value.categoryIds = [...new Set((ids as string[]).map((id) => id.trim()))];
  }
  const frozen = input.priceFrozenAt;
  if (frozen !== undefined && frozen !== null && (typeof frozen !== 'string' || frozen.length > 40)) errors.push(SUPPLIER_PERMISSION_TEXT.badFrozenAt);
  return errors.length ? { ok: false, errors } : { ok: true, value };
}

/** The permissions stored on a link (trusted, written by the server), with defaults for what is missing. */
export function permissionsOf(stored: unknown): SupplierPermissions {
  const s = isPlainObject(stored) ? stored : {};
  const ids = Array.isArray(s.categoryIds) ? s.categoryIds.filter((id): id is string => typeof id === 'string' && id !== '') : [];
  const flag = (v: unknown) => v !== false;
  const out: SupplierPermissions = { categoryIds: ids, priceEdit: flag(s.priceEdit), order: flag(s.order), delivery: flag(s.delivery) };
  if (!out.priceEdit && typeof s.priceFrozenAt === 'string' && !Number.isNaN(Date.parse(s.priceFrozenAt))) out.priceFrozenAt = s.priceFrozenAt;
  return out;
}

/**
 * The permissions to store when a client sends `next` over the stored `previous` (undefined for a new link,
 * which starts with everything allowed): priceFrozenAt becomes `now` when priceEdit goes from true to false,
 * stays while it stays false, and goes away when priceEdit is true again.
 */
export function nextPermissions(previous: SupplierPermissions | undefined, next: SupplierPermissionsInput, now: Date): SupplierPermissions {
  const out: SupplierPermissions = { categoryIds: [...next.categoryIds], priceEdit: next.priceEdit, order: next.order, delivery: next.delivery };
  if (!next.priceEdit) out.priceFrozenAt = previous && !previous.priceEdit && previous.priceFrozenAt ? previous.priceFrozenAt : now.toISOString();
  return out;
}

/**
 * A product's category is allowed when the link lists no category, or lists the category or one of its
 * ancestors. `parentsOf(id)` gives the parent of a category (null, undefined or '-1' at the top).
 */
export function categoryAllowed(permissions: Pick<SupplierPermissions, 'categoryIds'>, categoryId: string | null | undefined, parentsOf: (id: string) => string | null | undefined): boolean {
  if (!permissions.categoryIds.length) return true;
  if (!categoryId) return false;
  const listed = new Set(permissions.categoryIds);
  const seen = new Set<string>();
  for (let id: string | null | undefined = categoryId; id && id !== '-1' && !seen.has(id); id = parentsOf(id)) {
    if (listed.has(id)) return true;
    seen.add(id);
  }
  return false;
}

/**
 * Of the supplier's categories, those whose goods the org may see: null = every category (nothing listed),
 * else the listed ones and all their descendants (the ids a read filter on products.category_id uses).
 */
export function allowedCategoryIds(permissions: Pick<SupplierPermissions, 'categoryIds'>, categories: readonly { id: string; parentId: string | null }[]): string[] | null {
  if (!permissions.categoryIds.length) return null;
  const parent = new Map(categories.map((c) => [c.id, c.parentId]));
  const allowed = new Set(permissions.categoryIds);
  for (const c of categories) if (categoryAllowed(permissions, c.id, (id) => parent.get(id))) allowed.add(c.id);
  return [...allowed];
}

/**
 * The price freeze: with priceEdit off, the org keeps, as effective, the prices approved at or before
 * priceFrozenAt; later approvals do not reach it until priceEdit is on again. null = no cut-off.
 */
export function priceCutoff(permissions: Pick<SupplierPermissions, 'priceEdit' | 'priceFrozenAt'>): string | null {
  return !permissions.priceEdit && permissions.priceFrozenAt ? permissions.priceFrozenAt : null;
}

/** Whether a price approved at `checkedAt` may be effective for the org under its permissions (the freeze rule). */
export function priceReachesPurchaser(price: { checkedAt: string | Date | null }, permissions: Pick<SupplierPermissions, 'priceEdit' | 'priceFrozenAt'>): boolean {
  if (price.checkedAt === null) return false;
  const cutoff = priceCutoff(permissions);
  if (cutoff === null) return true;
  return new Date(price.checkedAt).getTime() <= new Date(cutoff).getTime();
}
