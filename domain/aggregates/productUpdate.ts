// §2 产品更新 (issue 35): the platform's release notes (title, version, rich text, the kinds of org they are for), and
// which a user has read. A note is the platform's (one stream per note, in the platform org); a reader's reads are his
// own (one stream per reader and org, in his org), so reading writes nothing into the platform's streams.
import { refuse, type Decider, type DomainEvent } from '../decider.ts';
import { isOrgKind, type OrgKind } from '../orgKind.ts';

export const productUpdateStream = (updateId: string) => `productUpdate-${updateId}`;
export const productUpdateReadsStream = (userId: string) => `productUpdateReads-${userId}`;

export const PRODUCT_UPDATE_LIMITS = { titleMax: 100, versionMax: 30, contentMax: 50_000 } as const;

export const PRODUCT_UPDATE_TEXT = {
  platformOnly: '发布产品更新只能由平台操作',
  notFound: '产品更新不存在',
  titleEmpty: '参数错误：标题不能为空',
  titleTooLong: `参数错误：标题不能超过 ${PRODUCT_UPDATE_LIMITS.titleMax} 个字`,
  versionTooLong: `参数错误：版本号不能超过 ${PRODUCT_UPDATE_LIMITS.versionMax} 个字`,
  noAudience: '参数错误：请至少选择一种机构类型',
} as const;

export interface ProductUpdateFields { title: string; version: string; content: string; audience: OrgKind[]; publishedAt: string }
export type ProductUpdatePublished = { updateId: string; createdByName: string } & ProductUpdateFields;
export type ProductUpdateChanged = { updateId: string } & Partial<ProductUpdateFields>;
export interface ProductUpdateWithdrawn { updateId: string }
export interface ProductUpdateRead { updateId: string; userId: string }

export type ProductUpdateEvent =
  | DomainEvent<'ProductUpdatePublished', ProductUpdatePublished>
  | DomainEvent<'ProductUpdateChanged', ProductUpdateChanged>
  | DomainEvent<'ProductUpdateWithdrawn', ProductUpdateWithdrawn>;

export type ProductUpdateCommand =
  | { type: 'PublishProductUpdate'; updateId: string; fields: ProductUpdateFields; createdByName: string }
  | { type: 'ChangeProductUpdate'; updateId: string; change: Partial<ProductUpdateFields> }
  | { type: 'WithdrawProductUpdate'; updateId: string };

export interface ProductUpdateState { status: 'none' | 'live' | 'withdrawn'; fields: ProductUpdateFields | null }

/** The kinds of org a note is for, each once, in ORG_KINDS' words; null when one is not a kind or none is given. */
function audienceOf(kinds: readonly string[]): OrgKind[] | null {
  const out = [...new Set(kinds)];
  return out.length && out.every(isOrgKind) ? out : null;
}

function refusalOf(f: Partial<ProductUpdateFields>) {
  if (f.title !== undefined && !f.title.trim()) return refuse('invalid', PRODUCT_UPDATE_TEXT.titleEmpty);
  if (f.title !== undefined && f.title.trim().length > PRODUCT_UPDATE_LIMITS.titleMax) return refuse('invalid', PRODUCT_UPDATE_TEXT.titleTooLong);
  if (f.version !== undefined && f.version.trim().length > PRODUCT_UPDATE_LIMITS.versionMax) return refuse('invalid', PRODUCT_UPDATE_TEXT.versionTooLong);
  if (f.audience !== undefined && !audienceOf(f.audience)) return refuse('invalid', PRODUCT_UPDATE_TEXT.noAudience);
  return null;
}

const tidy = <T extends Partial<ProductUpdateFields>>(f: T): T => ({
  ...f,
  ...(f.title !== undefined && { title: f.title.trim() }),
  ...(f.version !== undefined && { version: f.version.trim() }),
  ...(f.audience !== undefined && { audience: audienceOf(f.audience)! }),
});

export const productUpdateDecider: Decider<ProductUpdateCommand, ProductUpdateState, ProductUpdateEvent> = {
  initialState: () => ({ status: 'none', fields: null }),

  decide(command, state) {
    switch (command.type) {
      case 'PublishProductUpdate': {
        if (state.status !== 'none') return refuse('conflict', PRODUCT_UPDATE_TEXT.notFound);
        const bad = refusalOf(command.fields);
        if (bad) return bad;
        return [{ type: 'ProductUpdatePublished', data: { updateId: command.updateId, createdByName: command.createdByName, ...tidy(command.fields) } }];
      }
      case 'ChangeProductUpdate': {
        if (state.status !== 'live' || !state.fields) return refuse('notFound', PRODUCT_UPDATE_TEXT.notFound);
        const bad = refusalOf(command.change);
        if (bad) return bad;
        const next = tidy(command.change);
        const current = state.fields;
        const changed = Object.fromEntries(Object.entries(next).filter(([k, v]) => v !== undefined && JSON.stringify(v) !== JSON.stringify(current[k as keyof ProductUpdateFields])));
        return Object.keys(changed).length ? [{ type: 'ProductUpdateChanged', data: { updateId: command.updateId, ...changed } }] : [];
      }
      case 'WithdrawProductUpdate':
        if (state.status !== 'live') return refuse('notFound', PRODUCT_UPDATE_TEXT.notFound);
        return [{ type: 'ProductUpdateWithdrawn', data: { updateId: command.updateId } }];
    }
  },

  evolve(state, event) {
    switch (event.type) {
      case 'ProductUpdatePublished': {
        const { updateId: _, createdByName: __, ...fields } = event.data;
        return { status: 'live', fields };
      }
      case 'ProductUpdateChanged': {
        const { updateId: _, ...change } = event.data;
        return { ...state, fields: state.fields ? { ...state.fields, ...change } : null };
      }
      case 'ProductUpdateWithdrawn': return { ...state, status: 'withdrawn' };
    }
  },
};

/** Whether a note is for a reader: the platform reads every note; others those whose audience holds their org's kind. */
export const isAddressedTo = (audience: readonly string[], reader: { orgKind: OrgKind; platform: boolean }) =>
  reader.platform || audience.includes(reader.orgKind);

// A reader's reads: one stream per reader in his org; reading twice records nothing.
export type ProductUpdateReadEvent = DomainEvent<'ProductUpdateRead', ProductUpdateRead>;
export type ProductUpdateReadCommand = { type: 'MarkProductUpdateRead'; updateId: string; userId: string };

export const productUpdateReadDecider: Decider<ProductUpdateReadCommand, ReadonlySet<string>, ProductUpdateReadEvent> = {
  initialState: () => new Set(),
  decide: (command, read) => (read.has(command.updateId) ? [] : [{ type: 'ProductUpdateRead', data: { updateId: command.updateId, userId: command.userId } }]),
  evolve: (read, event) => new Set([...read, event.data.updateId]),
};
