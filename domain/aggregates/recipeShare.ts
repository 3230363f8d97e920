// §2 mallRecipeShare, §7 /v4/mall/recipe/share (issue 9): an org shares one of its recipe cycles with other orgs,
// which may then read it and copy it into their own cycles (a copy, independent of the share). Share ids are
// whole numbers; ids up to 7 are the platform's built-in templates and no caller changes them (§5, §9).
// One stream per share ('recipeShare-' + id), owned by the sharing org. Facts held elsewhere (the cycle exists
// in the org, the recipient orgs exist) come in the command.
import { refuse, type Decider, type DomainEvent } from '../decider.ts';
import { SHARE_LIMITS, SHARING_TEXT, shareTemplateIdRefusal } from '../recipeSharing.ts';

export const recipeShareStream = (id: number) => `recipeShare-${id}`;

export interface RecipeShareFields {
  name: string;
  cycleId: string;
  /** the orgs that may read and copy the cycle */
  orgIds: string[];
  remark: string;
}

export type RecipeShareCreated = { id: number; cycleName: string } & RecipeShareFields;
export type RecipeShareUpdated = { id: number; cycleName?: string } & Partial<RecipeShareFields>;
export interface RecipeShareRemoved { id: number }

export type RecipeShareEvent =
  | DomainEvent<'RecipeShareCreated', RecipeShareCreated>
  | DomainEvent<'RecipeShareUpdated', RecipeShareUpdated>
  | DomainEvent<'RecipeShareRemoved', RecipeShareRemoved>;

/** `cycleName`: the org's cycle of that id (null: none); `unknownOrgs`: recipients that are no org; `ownOrgId`: the sharer */
interface Facts { cycleName: string | null; unknownOrgs: string[]; ownOrgId: string }

export type RecipeShareCommand =
  | ({ type: 'CreateRecipeShare'; id: number; fields: RecipeShareFields } & Facts)
  | ({ type: 'UpdateRecipeShare'; id: number; change: Partial<RecipeShareFields> } & Facts)
  | { type: 'RemoveRecipeShare'; id: number };

export interface RecipeShareState { status: 'none' | 'active' | 'removed'; fields: RecipeShareFields }

function fieldsRefusal(f: Partial<RecipeShareFields>, facts: Facts) {
  if (f.name !== undefined) {
    if (!f.name.trim()) return refuse('invalid', SHARING_TEXT.shareNameEmpty);
    if (f.name.trim().length > SHARE_LIMITS.nameMax) return refuse('invalid', SHARING_TEXT.shareNameTooLong);
  }
  if (f.orgIds !== undefined) {
    if (f.orgIds.length === 0) return refuse('invalid', SHARING_TEXT.shareNoOrgs);
    if (f.orgIds.length > SHARE_LIMITS.orgsMax) return refuse('invalid', SHARING_TEXT.shareTooManyOrgs);
    if (f.orgIds.includes(facts.ownOrgId)) return refuse('invalid', SHARING_TEXT.shareSelf);
    if (facts.unknownOrgs.length) return refuse('invalid', `参数错误：机构不存在：${facts.unknownOrgs.slice(0, 5).join('、')}`);
  }
  if (f.remark !== undefined && f.remark.length > SHARE_LIMITS.remarkMax) return refuse('invalid', `参数错误：备注不能超过 ${SHARE_LIMITS.remarkMax} 个字`);
  if (f.cycleId !== undefined && facts.cycleName === null) return refuse('notFound', SHARING_TEXT.shareCycleUnknown);
  return null;
}

const tidy = (f: Partial<RecipeShareFields>): Partial<RecipeShareFields> => ({
  ...(f.name !== undefined && { name: f.name.trim() }),
  ...(f.cycleId !== undefined && { cycleId: f.cycleId }),
  ...(f.orgIds !== undefined && { orgIds: [...new Set(f.orgIds)].sort() }),
  ...(f.remark !== undefined && { remark: f.remark.trim() }),
});

export const recipeShareDecider: Decider<RecipeShareCommand, RecipeShareState, RecipeShareEvent> = {
  initialState: () => ({ status: 'none', fields: { name: '', cycleId: '', orgIds: [], remark: '' } }),

  decide(command, state) {
    switch (command.type) {
      case 'CreateRecipeShare': {
        // new shares never take a protected id (the handler numbers them from FIRST_SHARE_ID)
        const bad = shareTemplateIdRefusal(command.id);
        if (bad) return refuse('invalid', bad);
        if (state.status !== 'none') return refuse('conflict', SHARING_TEXT.shareExists);
        const refusal = fieldsRefusal(command.fields, command);
        if (refusal) return refusal;
        const f = tidy(command.fields) as RecipeShareFields;
        return [{ type: 'RecipeShareCreated', data: { id: command.id, ...f, cycleName: command.cycleName ?? '' } }];
      }
      case 'UpdateRecipeShare': {
        const bad = shareTemplateIdRefusal(command.id);
        if (bad) return refuse('invalid', bad);
        if (state.status !== 'active') return refuse('notFound', SHARING_TEXT.shareNotFound);
        const refusal = fieldsRefusal(command.change, command);
        if (refusal) return refusal;
        const next = tidy(command.change);
        const changed: Partial<RecipeShareFields> = {};
        for (const [k, v] of Object.entries(next) as [keyof RecipeShareFields, never][]) {
          if (JSON.stringify(v) !== JSON.stringify(state.fields[k])) (changed as Record<string, unknown>)[k] = v;
        }
        if (Object.keys(changed).length === 0) return [];
        return [{ type: 'RecipeShareUpdated', data: { id: command.id, ...changed, ...(changed.cycleId !== undefined && { cycleName: command.cycleName ?? '' }) } }];
      }
      case 'RemoveRecipeShare': {
        const bad = shareTemplateIdRefusal(command.id);
        if (bad) return refuse('invalid', bad);
        if (state.status !== 'active') return refuse('notFound', SHARING_TEXT.shareNotFound);
        return [{ type: 'RecipeShareRemoved', data: { id: command.id } }];
      }
    }
  },

  evolve(state, event) {
    switch (event.type) {
      case 'RecipeShareCreated': {
        const { id: _, cycleName: _c, ...fields } = event.data;
        return { status: 'active', fields };
      }
      case 'RecipeShareUpdated': {
        const { id: _, cycleName: _c, ...change } = event.data;
        return { ...state, fields: { ...state.fields, ...change } };
      }
      case 'RecipeShareRemoved':
        return { ...state, status: 'removed' };
    }
  },
};
