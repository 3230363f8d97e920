// Sharing and exporting recipe cycles (issue 9): cloud recipes of the standard org (§9 orgId 'standard'), recipe
// shares (§7 /v4/mall/recipe/share), Excel templates (§7 /v4/mall/recipe/exceltpl), copying a whole cycle and the
// recipe log (a view of the cycle's events).
import { Type, type Static } from 'typebox';
import { endpoint } from './endpoint.ts';
import { Id, IdParams, Paging, Removed, Version } from './common.ts';
import { RecipeCycleDetail, RecipeCycleRow } from './recipeCycles.ts';
import { PAGE } from '../domain/constants.ts';
import { RECIPE_LIMITS } from '../domain/recipeCycle.ts';
import { SHARE_LIMITS, TEMPLATE_LIMITS } from '../domain/recipeSharing.ts';

const tags = ['recipeSharing'];
const Day = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' });

/** A whole cycle copied into a new one of the caller's org: its name and start; option and weeks default to the source's. */
export const RecipeCloneInput = Type.Object({
  name: Type.String({ maxLength: RECIPE_LIMITS.nameMax * 2 }),
  startDate: Day,
  cycleOption: Type.Optional(Type.Union([Type.Literal('week'), Type.Literal('month')])),
  weeks: Type.Optional(Type.Integer({ minimum: 0, maximum: 100 })),
}, { additionalProperties: false });
export type RecipeCloneInput = Static<typeof RecipeCloneInput>;

/** What a copy made: the new cycle, and the dishes it brought into the org (a cross-org copy) or found there by name. */
export const RecipeCloneResult = Type.Object({
  ...RecipeCycleDetail.properties,
  dishesCopied: Type.Integer(),
  dishesMatched: Type.Integer(),
});
export type RecipeCloneResult = Static<typeof RecipeCloneResult>;

// --- cloud recipes -------------------------------------------------------------------------------------------

export const CloudRecipeQuery = Type.Object({ name: Type.Optional(Type.String({ maxLength: 100 })), ...Paging(PAGE.recipeList) }, { additionalProperties: false });
export type CloudRecipeQuery = Static<typeof CloudRecipeQuery>;
export const CloudRecipeList = Type.Object({
  rows: Type.Array(RecipeCycleRow), count: Type.Integer(),
  /** the caller is the platform and may publish its published cycles into the cloud */
  mayPublish: Type.Boolean(),
});
export type CloudRecipeList = Static<typeof CloudRecipeList>;

const cloud = '/v4/mall/recipe/standard/cycle';
export const listCloudRecipes = endpoint({ method: 'GET', path: cloud, tags, querystring: CloudRecipeQuery, response: CloudRecipeList, summary: 'Cloud recipes: the published cycles of the standard org' });
export const getCloudRecipe = endpoint({ method: 'GET', path: `${cloud}/{id}`, tags, params: IdParams, response: RecipeCycleDetail, summary: 'One cloud recipe with its cells' });
export const copyCloudRecipe = endpoint({
  method: 'POST', path: `${cloud}/{id}/copy`, tags, params: IdParams, body: RecipeCloneInput, response: RecipeCloneResult,
  summary: 'Copy a cloud recipe into the caller\'s org as a new draft cycle; dishes the org lacks (by name) are copied too; the copy is independent',
});
export const publishCloudRecipe = endpoint({
  method: 'POST', path: `${cloud}/publish`, tags, body: Type.Object({ cycleId: Id }, { additionalProperties: false }), response: RecipeCycleRow,
  summary: 'Publish a published cycle of the caller\'s org into the cloud (the platform only)',
});

// --- recipe shares (§7) --------------------------------------------------------------------------------------

export const RecipeShare = Type.Object({
  id: Type.Integer(),
  /** the sharing org */
  orgId: Type.String(),
  orgName: Type.String(),
  name: Type.String(),
  cycleId: Type.String(),
  cycleName: Type.String(),
  /** the orgs shared with (the sharing org sees them; a recipient sees only itself) */
  orgIds: Type.Array(Type.String()),
  remark: Type.String(),
  /** the caller's org made this share (and may change it) */
  own: Type.Boolean(),
  createdAt: Type.String(),
  updatedAt: Type.String(),
  version: Type.Integer(),
});
export type RecipeShare = Static<typeof RecipeShare>;

export const RecipeShareQuery = Type.Object({
  /** §7 orgId list (repeated, or comma separated): only shares made by these orgs */
  orgId: Type.Optional(Type.Array(Type.String({ maxLength: 4000 }), { maxItems: 200 })),
  ...Paging(PAGE.generic),
}, { additionalProperties: false });
export type RecipeShareQuery = Static<typeof RecipeShareQuery>;

export const RecipeShareList = Type.Object({
  rows: Type.Array(RecipeShare), count: Type.Integer(),
  /** orgs the caller may share with (those she is a member of, besides this one) */
  orgs: Type.Array(Type.Object({ orgId: Type.String(), orgName: Type.String() })),
  mayShare: Type.Boolean(),
});
export type RecipeShareList = Static<typeof RecipeShareList>;

const OrgIds = Type.Array(Type.String({ minLength: 1, maxLength: 128 }), { maxItems: SHARE_LIMITS.orgsMax * 2 });
export const RecipeShareInput = Type.Object({
  name: Type.String({ maxLength: SHARE_LIMITS.nameMax * 2 }),
  cycleId: Id,
  orgIds: OrgIds,
  remark: Type.Optional(Type.String({ maxLength: SHARE_LIMITS.remarkMax * 2 })),
}, { additionalProperties: false });
export type RecipeShareInput = Static<typeof RecipeShareInput>;
export const RecipeShareChange = Type.Object({
  name: Type.Optional(Type.String({ maxLength: SHARE_LIMITS.nameMax * 2 })),
  cycleId: Type.Optional(Id),
  orgIds: Type.Optional(OrgIds),
  remark: Type.Optional(Type.String({ maxLength: SHARE_LIMITS.remarkMax * 2 })),
  version: Type.Optional(Version),
}, { additionalProperties: false });
export type RecipeShareChange = Static<typeof RecipeShareChange>;

/** a share id as sent: checked by the §5 rule (a whole number above 7), not by the schema, so the answer is its message */
const ShareParams = Type.Object({ id: Type.String({ maxLength: 128 }) });

const share = '/v4/mall/recipe/share';
export const listRecipeShares = endpoint({
  method: 'GET', path: share, tags, querystring: RecipeShareQuery, response: RecipeShareList,
  summary: 'Shares the caller\'s org made and shares made with it (optionally only those of the orgId list)',
});
export const createRecipeShare = endpoint({ method: 'POST', path: share, tags, body: RecipeShareInput, response: RecipeShare, summary: 'Share a cycle of the org with other orgs' });
export const updateRecipeShare = endpoint({
  method: 'PUT', path: `${share}/{id}`, tags, params: ShareParams, body: RecipeShareChange, response: RecipeShare,
  summary: 'Change a share (§5: no id, or an id of 7 or below, is refused with the missing template number message)',
});
export const updateRecipeShareWithoutId = endpoint({
  method: 'PUT', path: share, tags, body: Type.Object({}, { additionalProperties: true }), response: RecipeShare,
  summary: '§5: a share update without an id is refused with the missing template number message',
});
export const deleteRecipeShare = endpoint({ method: 'DELETE', path: `${share}/{id}`, tags, params: ShareParams, response: Removed, summary: 'Stop sharing (ids up to 7 are protected)' });
export const getSharedCycle = endpoint({
  method: 'GET', path: `${share}/{id}/cycle`, tags, params: ShareParams, response: RecipeCycleDetail,
  summary: 'The shared cycle with its cells, for the sharing org and the orgs shared with',
});
export const copySharedCycle = endpoint({
  method: 'POST', path: `${share}/{id}/copy`, tags, params: ShareParams, body: RecipeCloneInput, response: RecipeCloneResult,
  summary: 'Copy a cycle shared with the org into its own cycles (independent of the share)',
});

// --- Excel templates (§7) ------------------------------------------------------------------------------------

const Layout = Type.Union([Type.Literal('mealRows'), Type.Literal('dayRows')]);
export const RecipeExcelTemplate = Type.Object({
  id: Type.String(),
  name: Type.String(),
  layout: Layout,
  title: Type.String(),
  showDosage: Type.Boolean(),
  showWeekend: Type.Boolean(),
  /** the system's template: not changed or removed */
  builtIn: Type.Boolean(),
  version: Type.Integer(),
});
export type RecipeExcelTemplate = Static<typeof RecipeExcelTemplate>;
export const RecipeExcelTemplateList = Type.Object({ rows: Type.Array(RecipeExcelTemplate), count: Type.Integer(), mayEdit: Type.Boolean() });
export type RecipeExcelTemplateList = Static<typeof RecipeExcelTemplateList>;

export const RecipeExcelTemplateInput = Type.Object({
  name: Type.String({ maxLength: TEMPLATE_LIMITS.nameMax * 2 }),
  layout: Layout,
  title: Type.Optional(Type.String({ maxLength: TEMPLATE_LIMITS.titleMax * 2 })),
  showDosage: Type.Optional(Type.Boolean()),
  showWeekend: Type.Optional(Type.Boolean()),
}, { additionalProperties: false });
export type RecipeExcelTemplateInput = Static<typeof RecipeExcelTemplateInput>;
export const RecipeExcelTemplateChange = Type.Object({
  name: Type.Optional(Type.String({ maxLength: TEMPLATE_LIMITS.nameMax * 2 })),
  layout: Type.Optional(Layout),
  title: Type.Optional(Type.String({ maxLength: TEMPLATE_LIMITS.titleMax * 2 })),
  showDosage: Type.Optional(Type.Boolean()),
  showWeekend: Type.Optional(Type.Boolean()),
  version: Type.Optional(Version),
}, { additionalProperties: false });
export type RecipeExcelTemplateChange = Static<typeof RecipeExcelTemplateChange>;

const tpl = '/v4/mall/recipe/exceltpl';
/** an id as sent; §5: an empty one is the generic parameter error (the handler says it, not the schema) */
const TplParams = Type.Object({ id: Type.String({ maxLength: 200 }) });
export const listExcelTemplates = endpoint({ method: 'GET', path: tpl, tags, response: RecipeExcelTemplateList, summary: 'The org\'s Excel templates, the built-in one first' });
export const createExcelTemplate = endpoint({ method: 'POST', path: tpl, tags, body: RecipeExcelTemplateInput, response: RecipeExcelTemplate, summary: 'New Excel template' });
export const updateExcelTemplate = endpoint({
  method: 'PUT', path: `${tpl}/{id}`, tags, params: TplParams, body: RecipeExcelTemplateChange, response: RecipeExcelTemplate,
  summary: 'Change a template (§5: an empty id is a parameter error)',
});
export const updateExcelTemplateWithoutId = endpoint({
  method: 'PUT', path: tpl, tags, body: Type.Object({}, { additionalProperties: true }), response: RecipeExcelTemplate,
  summary: '§5: an update without an id is a parameter error',
});
export const deleteExcelTemplate = endpoint({
  method: 'DELETE', path: tpl, tags, body: Type.Object({ id: Type.Optional(Type.String({ maxLength: 200 })), version: Type.Optional(Version) }, { additionalProperties: false }),
  response: Removed, summary: 'Remove a template, its id in the body (§7 DELETE {id}; empty: parameter error)',
});

// --- whole-cycle copy and the recipe log -----------------------------------------------------------------------

export const cloneRecipeCycle = endpoint({
  method: 'POST', path: '/v4/mall/recipe/cycle/{id}/clone', tags, params: IdParams, body: RecipeCloneInput, response: RecipeCloneResult,
  summary: 'Copy a whole cycle into a new draft cycle with a new start date',
});

export const RecipeLogEntry = Type.Object({
  version: Type.Integer(),
  type: Type.String(),
  at: Type.String(),
  userId: Type.String(),
  userName: Type.String(),
  detail: Type.Object({
    days: Type.Optional(Type.Array(Type.Integer())),
    meals: Type.Optional(Type.Array(Type.Integer())),
    fromDay: Type.Optional(Type.Integer()),
    toDay: Type.Optional(Type.Integer()),
    fromWeek: Type.Optional(Type.Integer()),
    toWeek: Type.Optional(Type.Integer()),
    fields: Type.Optional(Type.Array(Type.String())),
    name: Type.Optional(Type.String()),
    remark: Type.Optional(Type.String()),
    copiedFrom: Type.Optional(Type.String()),
    /** published with no approval: the org has none (issue 28) */
    withoutApproval: Type.Optional(Type.Boolean()),
  }),
});
export type RecipeLogEntry = Static<typeof RecipeLogEntry>;
export const recipeCycleLog = endpoint({
  method: 'GET', path: '/v4/mall/recipe/cycle/{id}/log', tags, params: IdParams,
  querystring: Type.Object({ ...Paging(PAGE.generic) }, { additionalProperties: false }),
  response: Type.Object({ rows: Type.Array(RecipeLogEntry), count: Type.Integer() }),
  summary: 'The recipe log: who changed what in a cycle, newest first (a view of the cycle\'s events)',
});
