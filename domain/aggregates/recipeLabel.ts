// §3/§7 recipe labels (issue 9, mallRecipeCycleLableManage): the labels an org puts on its recipe cycles
// (e.g. 春季, 清真, 少油), one stream per label ('recipeLabel-<id>'), and the org's recipelabel config (whether
// labels are used, whether a cycle may carry several, whether one is required), one stream per org
// ('recipeLabelConfig-<orgId>'). §7 has no DELETE for labels: a PUT with isDelete 1 removes one.
import { changedFields, withChanges } from './changes.ts';
import { refuse, type Decider, type DomainEvent } from '../decider.ts';

export const recipeLabelStream = (labelId: string) => `recipeLabel-${labelId}`;
export const recipeLabelConfigStream = (orgId: string) => `recipeLabelConfig-${orgId}`;

export const LABEL_LIMITS = { nameMax: 20, labels: 100 } as const;
/** A CSS hex colour: the label's chip colour. */
const COLOR = /^#[0-9A-Fa-f]{6}$/;
export const DEFAULT_LABEL_COLOR = '#0F6CBD';

export const LABEL_TEXT = {
  nameEmpty: '参数错误：标签名称不能为空',
  nameTooLong: `参数错误：标签名称不能超过 ${LABEL_LIMITS.nameMax} 个字`,
  nameTaken: (name: string) => `标签「${name}」已存在`,
  badColor: '参数错误：标签颜色须为 #RRGGBB',
  notFound: '标签不存在',
  tooMany: `每个机构最多 ${LABEL_LIMITS.labels} 个食谱标签`,
} as const;

export interface RecipeLabelCreated { labelId: string; name: string; color: string; sort: number; enable: boolean }
export type RecipeLabelUpdated = { labelId: string } & Partial<Omit<RecipeLabelCreated, 'labelId'>>;
export interface RecipeLabelRemoved { labelId: string }

export type RecipeLabelEvent =
  | DomainEvent<'RecipeLabelCreated', RecipeLabelCreated>
  | DomainEvent<'RecipeLabelUpdated', RecipeLabelUpdated>
  | DomainEvent<'RecipeLabelRemoved', RecipeLabelRemoved>;

export type RecipeLabelCommand =
  /** nameTaken: another live label of the org has the name; count: live labels of the org */
  | { type: 'CreateRecipeLabel'; label: RecipeLabelCreated; nameTaken: boolean; count: number }
  | { type: 'UpdateRecipeLabel'; change: RecipeLabelUpdated; nameTaken: boolean }
  | { type: 'RemoveRecipeLabel'; labelId: string };

export interface RecipeLabelState { status: 'none' | 'live' | 'removed'; label: Omit<RecipeLabelCreated, 'labelId'> | null }

/** The refusal text of a label's fields (only those given), or null. */
export function labelRefusal(l: Partial<Pick<RecipeLabelCreated, 'name' | 'color'>>): string | null {
  if (l.name !== undefined && !l.name.trim()) return LABEL_TEXT.nameEmpty;
  if (l.name !== undefined && l.name.trim().length > LABEL_LIMITS.nameMax) return LABEL_TEXT.nameTooLong;
  if (l.color !== undefined && !COLOR.test(l.color)) return LABEL_TEXT.badColor;
  return null;
}

export const recipeLabelDecider: Decider<RecipeLabelCommand, RecipeLabelState, RecipeLabelEvent> = {
  initialState: () => ({ status: 'none', label: null }),
  decide(command, state) {
    switch (command.type) {
      case 'CreateRecipeLabel': {
        const l = command.label;
        if (state.status !== 'none') return refuse('conflict', LABEL_TEXT.nameTaken(l.name.trim()));
        const bad = labelRefusal(l);
        if (bad) return refuse('invalid', bad);
        if (command.nameTaken) return refuse('conflict', LABEL_TEXT.nameTaken(l.name.trim()));
        if (command.count >= LABEL_LIMITS.labels) return refuse('unprocessable', LABEL_TEXT.tooMany);
        return [{ type: 'RecipeLabelCreated', data: { ...l, name: l.name.trim() } }];
      }
      case 'UpdateRecipeLabel': {
        if (state.status !== 'live' || !state.label) return refuse('notFound', LABEL_TEXT.notFound);
        const c = command.change;
        const bad = labelRefusal(c);
        if (bad) return refuse('invalid', bad);
        const name = c.name?.trim();
        if (name !== undefined && name !== state.label.name && command.nameTaken) return refuse('conflict', LABEL_TEXT.nameTaken(name));
        const differs = changedFields(state.label, { name, color: c.color, sort: c.sort, enable: c.enable });
        return Object.keys(differs).length ? [{ type: 'RecipeLabelUpdated', data: { labelId: c.labelId, ...differs } }] : [];
      }
      case 'RemoveRecipeLabel':
        if (state.status !== 'live') return refuse('notFound', LABEL_TEXT.notFound);
        return [{ type: 'RecipeLabelRemoved', data: { labelId: command.labelId } }];
    }
  },
  evolve(state, event) {
    switch (event.type) {
      case 'RecipeLabelCreated': {
        const { labelId: _, ...label } = event.data;
        return { status: 'live', label };
      }
      case 'RecipeLabelUpdated': {
        const { labelId: _, ...change } = event.data;
        return { ...state, label: state.label && withChanges(state.label, change) };
      }
      case 'RecipeLabelRemoved':
        return { ...state, status: 'removed' };
    }
  },
};

// ---- the org's recipelabel config ----

export interface RecipeLabelConfig {
  /** labels are offered on recipe cycles */
  enable: boolean;
  /** a cycle may carry several labels */
  multiple: boolean;
  /** a cycle must carry one before it is submitted or published */
  required: boolean;
}
export const DEFAULT_LABEL_CONFIG: RecipeLabelConfig = { enable: true, multiple: true, required: false };
export const LABEL_CONFIG_TEXT = { requiredNeedsEnable: '参数错误：未启用食谱标签时不能要求必填标签' } as const;

export type RecipeLabelConfigSet = Partial<RecipeLabelConfig>;
export type RecipeLabelConfigEvent = DomainEvent<'RecipeLabelConfigSet', RecipeLabelConfigSet>;
export type RecipeLabelConfigCommand = { type: 'SetRecipeLabelConfig'; change: Partial<RecipeLabelConfig> };

export const recipeLabelConfigDecider: Decider<RecipeLabelConfigCommand, RecipeLabelConfig, RecipeLabelConfigEvent> = {
  initialState: () => ({ ...DEFAULT_LABEL_CONFIG }),
  decide(command, state) {
    const next = withChanges(state, command.change);
    if (next.required && !next.enable) return refuse('invalid', LABEL_CONFIG_TEXT.requiredNeedsEnable);
    const differs = changedFields(state, command.change);
    return Object.keys(differs).length ? [{ type: 'RecipeLabelConfigSet', data: differs }] : [];
  },
  evolve: (state, event) => withChanges(state, event.data),
};
