// §7 recipe settings (issue 9): the recipe people config and custom people (mallRecipeCustomPeopleManage), the
// reference people energy, and the recipe labels with their config (mallRecipeCycleLableManage). §5: an update
// without peopleId, or a default-enable call missing a parameter, answers exactly 参数错误, so those ids are
// optional here and checked by the handler.
import { Type, type Static } from 'typebox';
import { endpoint } from './endpoint.ts';
import { Flag, IdParams, List, Version } from './common.ts';
import { LABEL_LIMITS } from '../domain/aggregates/recipeLabel.ts';
import { PEOPLE_LIMITS } from '../domain/aggregates/recipePeople.ts';
import { SPORT_LIMITS } from '../domain/sportPrescription.ts';

const tags = ['recipe'];
const MaybeId = Type.Optional(Type.String({ maxLength: 128 }));

const FoodDosage = Type.Object({ field: Type.String({ maxLength: 50 }), dosage: Type.Number() }, { additionalProperties: false });

export const PeopleEnergy = Type.Object({
  peopleEnergyId: Type.String(),
  name: Type.String(),
  ageRange: Type.String(),
  energyKcal: Type.Object({ male: Type.Number(), female: Type.Number() }),
  foodIngredients: Type.Array(Type.Object({ field: Type.String(), dosage: Type.Number() })),
});
export type PeopleEnergy = Static<typeof PeopleEnergy>;

/** issue 35 (recipeSport): a class's exercise prescription; the domain checks the ranges (domain/sportPrescription.ts) */
export const SportPrescription = Type.Object({
  formulaId: Type.Union([Type.Literal('who1985'), Type.Literal('schofield1985')]),
  pal: Type.Union([Type.Literal('light'), Type.Literal('moderate'), Type.Literal('vigorous')]),
  minAge: Type.Number(),
  maxAge: Type.Number(),
  boysWeightKg: Type.Number(),
  girlsWeightKg: Type.Number(),
  girlsSharePct: Type.Number(),
  activities: Type.Array(Type.Object({
    activityId: Type.String({ maxLength: 64 }), minutesPerSession: Type.Number(), sessionsPerWeek: Type.Number(),
  }, { additionalProperties: false }), { maxItems: SPORT_LIMITS.activitiesMax }),
}, { additionalProperties: false });
export type SportPrescription = Static<typeof SportPrescription>;

export const RecipePeople = Type.Object({
  peopleId: Type.String(),
  peopleEnergyId: Type.Union([Type.String(), Type.Null()]),
  orgId: Type.String(),
  name: Type.String(),
  ageRange: Type.String(),
  /** §3: present on custom groups only */
  customAvgAge: Type.Union([Type.Number(), Type.Null()]),
  custom: Type.Boolean(),
  energyKcal: Type.Number(),
  foodIngredients: Type.Array(Type.Object({ field: Type.String(), dosage: Type.Number() })),
  enable: Flag,
  defaultEnable: Flag,
  isDelete: Flag,
  sort: Type.Integer(),
  version: Type.Integer(),
  /** issue 35: the exercise prescription that set this custom group's energy target, if one did */
  sportPrescription: Type.Union([SportPrescription, Type.Null()]),
});
export type RecipePeople = Static<typeof RecipePeople>;

export const RecipePeopleQuery = Type.Object({
  enable: Type.Optional(Flag),
  isDelete: Type.Optional(Flag),
  ageRange: Type.Optional(Type.String({ maxLength: 20 })),
  /** custom: only custom groups; reference: only reference ones */
  'extraInfo.category': Type.Optional(Type.Union([Type.Literal('custom'), Type.Literal('reference')])),
});
export type RecipePeopleQuery = Static<typeof RecipePeopleQuery>;

export const AddReferencePeople = Type.Object({ peopleEnergyId: Type.String({ minLength: 1, maxLength: 128 }) }, { additionalProperties: false });
export const PeopleChange = Type.Object({
  peopleId: MaybeId,
  enable: Type.Optional(Flag),
  sort: Type.Optional(Type.Integer({ minimum: 0, maximum: 100_000 })),
  version: Type.Optional(Version),
}, { additionalProperties: false });
export type PeopleChange = Static<typeof PeopleChange>;

const customFields = {
  name: Type.String({ maxLength: PEOPLE_LIMITS.nameMax * 2 }),
  minAge: Type.Number(),
  maxAge: Type.Number(),
  energyKcal: Type.Number(),
  foodIngredients: Type.Array(FoodDosage, { maxItems: 20 }),
};
export const CustomPeopleInput = Type.Object(customFields, { additionalProperties: false });
export type CustomPeopleInput = Static<typeof CustomPeopleInput>;
export const CustomPeopleChange = Type.Object({
  name: Type.Optional(customFields.name), minAge: Type.Optional(customFields.minAge), maxAge: Type.Optional(customFields.maxAge),
  energyKcal: Type.Optional(customFields.energyKcal), foodIngredients: Type.Optional(customFields.foodIngredients), version: Type.Optional(Version),
}, { additionalProperties: false });
export type CustomPeopleChange = Static<typeof CustomPeopleChange>;
export const PeopleDefault = Type.Object({ peopleId: MaybeId, defaultEnable: Type.Optional(Type.Union([Flag, Type.Boolean()])), version: Type.Optional(Version) }, { additionalProperties: false });
export const PeopleRemove = Type.Object({ peopleId: MaybeId }, { additionalProperties: false });
/** issue 35: prescribe for an existing custom group (peopleId) or a new one (name) */
export const SportPrescriptionInput = Type.Object({
  peopleId: Type.Optional(Type.String({ minLength: 1, maxLength: 128 })),
  name: Type.Optional(customFields.name),
  prescription: SportPrescription,
  version: Type.Optional(Version),
}, { additionalProperties: false });
export type SportPrescriptionInput = Static<typeof SportPrescriptionInput>;

export const prescribeSport = endpoint({
  method: 'PUT', path: '/v5/mall/recipe/people/sport', tags, body: SportPrescriptionInput, response: RecipePeople,
  summary: "recipeSport: store a class's exercise prescription on its custom people group (or a new one) and set the group's energy target from it (computed on the server)",
});

export const listPeopleEnergy = endpoint({
  method: 'GET', path: '/v5/mall/recipe/people/energy', tags, response: List(PeopleEnergy),
  summary: 'The reference people groups (WS/T 554 age groups with their daily energy) an org may add',
});
export const listRecipePeople = endpoint({
  method: 'GET', path: '/v4/mall/recipe/people/config', tags, querystring: RecipePeopleQuery, response: List(RecipePeople),
  summary: 'The people groups of the org (enable, isDelete, ageRange, extraInfo.category filters)',
});
export const addReferencePeople = endpoint({
  method: 'POST', path: '/v5/mall/recipe/people/config', tags, body: AddReferencePeople, response: RecipePeople,
  summary: 'Add a reference people group to the org (dietitians and admins)',
});
export const updateRecipePeople = endpoint({
  method: 'PUT', path: '/v5/mall/recipe/people/config', tags, body: PeopleChange, response: RecipePeople,
  summary: 'Enable or disable a people group, or change its sort (peopleId required: 参数错误)',
});
export const addCustomPeople = endpoint({
  method: 'POST', path: '/v5/mall/recipe/people/config/custom', tags, body: CustomPeopleInput, response: RecipePeople,
  summary: 'Add a custom people group: name, age range, energy and food-group dosages',
});
export const setPeopleDefault = endpoint({
  method: 'PUT', path: '/v5/mall/recipe/people/config/custom/defaultEnable', tags, body: PeopleDefault, response: RecipePeople,
  summary: 'Mark a people group default (preselected for new cycles) or not (peopleId and defaultEnable required: 参数错误; `version` or If-Match: the version read, stale → 409)',
});
export const updateCustomPeople = endpoint({
  method: 'PUT', path: '/v5/mall/recipe/people/config/custom/{peopleId}', tags, params: Type.Object({ peopleId: Type.String({ minLength: 1, maxLength: 128 }) }),
  body: CustomPeopleChange, response: RecipePeople,
  summary: 'Change a custom people group (only the fields sent)',
});
export const removeRecipePeople = endpoint({
  method: 'DELETE', path: '/v4/mall/recipe/people/config', tags, body: PeopleRemove, response: Type.Object({ peopleId: Type.String() }),
  summary: 'Remove a people group from the org (peopleId required: 参数错误)',
});

// ---- recipe labels ----

export const RecipeLabel = Type.Object({
  id: Type.String(), name: Type.String(), color: Type.String(), sort: Type.Integer(), enable: Flag, orgId: Type.String(), version: Type.Integer(),
});
export type RecipeLabel = Static<typeof RecipeLabel>;
export const RecipeLabelInput = Type.Object({
  name: Type.String({ maxLength: LABEL_LIMITS.nameMax * 2 }),
  color: Type.Optional(Type.String({ maxLength: 20 })),
  sort: Type.Optional(Type.Integer({ minimum: 0, maximum: 100_000 })),
  enable: Type.Optional(Flag),
}, { additionalProperties: false });
export type RecipeLabelInput = Static<typeof RecipeLabelInput>;
export const RecipeLabelChange = Type.Object({
  id: MaybeId,
  name: Type.Optional(RecipeLabelInput.properties.name),
  color: Type.Optional(Type.String({ maxLength: 20 })),
  sort: Type.Optional(Type.Integer({ minimum: 0, maximum: 100_000 })),
  enable: Type.Optional(Flag),
  /** §7 has no DELETE: 1 removes the label */
  isDelete: Type.Optional(Flag),
  version: Type.Optional(Version),
}, { additionalProperties: false });
export type RecipeLabelChange = Static<typeof RecipeLabelChange>;

export const RecipeLabelConfig = Type.Object({ enable: Type.Boolean(), multiple: Type.Boolean(), required: Type.Boolean() });
export type RecipeLabelConfig = Static<typeof RecipeLabelConfig>;
export const RecipeLabelConfigChange = Type.Object({
  enable: Type.Optional(Type.Boolean()), multiple: Type.Optional(Type.Boolean()), required: Type.Optional(Type.Boolean()),
}, { additionalProperties: false });
export type RecipeLabelConfigChange = Static<typeof RecipeLabelConfigChange>;

export const listRecipeLabels = endpoint({
  method: 'GET', path: '/v4/mall/recipelabel', tags, querystring: Type.Object({ enable: Type.Optional(Flag) }), response: List(RecipeLabel),
  summary: 'The recipe labels of the org, by sort',
});
export const createRecipeLabel = endpoint({
  method: 'POST', path: '/v4/mall/recipelabel', tags, body: RecipeLabelInput, response: RecipeLabel,
  summary: 'Create a recipe label (dietitians and admins)',
});
export const updateRecipeLabel = endpoint({
  method: 'PUT', path: '/v4/mall/recipelabel', tags, body: RecipeLabelChange, response: Type.Object({ id: Type.String(), removed: Type.Boolean() }),
  summary: 'Change a recipe label, or remove it with isDelete 1 (id required: 参数错误)',
});
export const updateRecipeLabelById = endpoint({
  method: 'PUT', path: '/v4/mall/recipelabel/{id}', tags, params: IdParams, body: RecipeLabelChange, response: Type.Object({ id: Type.String(), removed: Type.Boolean() }),
  summary: 'Change a recipe label by id, or remove it with isDelete 1',
});
export const getRecipeLabelConfig = endpoint({
  method: 'GET', path: '/v4/mall/recipelabel/config', tags, response: RecipeLabelConfig,
  summary: 'The org\'s recipelabel config (defaults until saved)',
});
export const setRecipeLabelConfig = endpoint({
  method: 'PUT', path: '/v4/mall/recipelabel/config', tags, body: RecipeLabelConfigChange, response: RecipeLabelConfig,
  summary: 'Change the org\'s recipelabel config (only the fields sent)',
});
export const createRecipeLabelConfig = endpoint({
  method: 'POST', path: '/v4/mall/recipelabel/config', tags, body: RecipeLabelConfigChange, response: RecipeLabelConfig,
  summary: 'Save the org\'s recipelabel config (the same as PUT: one config per org)',
});
