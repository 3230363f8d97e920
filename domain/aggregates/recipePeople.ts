// §3/§7 recipe people config (issue 9, mallRecipeCustomPeopleManage): the people groups an org plans recipes for.
// A group is either one of the reference groups (§3 recipe people energy: the WS/T 554 age groups) added to the
// org, or a custom group (its own name, age range with customAvgAge, energy and food-group dosages). Any group
// may be enabled and marked default (preselected for a new cycle). One stream per group ('recipePeople-<id>').
// Facts held elsewhere (the reference group asked for, whether it or a name is already in the org) come in the
// command, looked up by the handler.
import { AGE_RANGES } from '../constants.ts';
import { FOOD_GROUPS } from '../ingredients.ts';
import { changedFields, withChanges } from './changes.ts';
import { refuse, type Decider, type DomainEvent } from '../decider.ts';
import { prescriptionTarget, SPORT_TEXT, type SportPrescription } from '../sportPrescription.ts';

export const recipePeopleStream = (peopleId: string) => `recipePeople-${peopleId}`;

/** §3 recipe people energy: a reference group; foodIngredients are daily dosages (g) per WS/T 554 food group. */
export interface PeopleEnergy {
  peopleEnergyId: string;
  name: string;
  ageRange: string;
  /** daily energy target (kcal/d), WS/T 554-2017: male and female */
  energyKcal: { male: number; female: number };
  foodIngredients: FoodDosage[];
}
export interface FoodDosage { field: string; dosage: number }

// WS/T 554-2017 daily energy targets per age group (shared/data/nutrition/standards.json wst554.dailyTargets)
const ENERGY: Record<(typeof AGE_RANGES)[number], { male: number; female: number }> = {
  '6-8': { male: 1700, female: 1550 }, '9-11': { male: 2100, female: 1900 }, '12-14': { male: 2450, female: 2100 }, '15-17': { male: 2900, female: 2350 },
};

/** The reference groups every org may add (one per §9 age range). */
export const PEOPLE_ENERGY: readonly PeopleEnergy[] = AGE_RANGES.map((ageRange) => ({
  peopleEnergyId: `wst554-${ageRange}`, name: `${ageRange}岁学生`, ageRange, energyKcal: ENERGY[ageRange], foodIngredients: [],
}));

export const PEOPLE_LIMITS = { nameMax: 30, ageMax: 120, energyMax: 10_000, dosageMax: 5_000, groups: 200 } as const;

export const PEOPLE_TEXT = {
  /** §5/§8: peopleId missing on an update, default-enable parameters missing */
  param: '参数错误',
  nameEmpty: '参数错误：人群名称不能为空',
  nameTooLong: `参数错误：人群名称不能超过 ${PEOPLE_LIMITS.nameMax} 个字`,
  nameTaken: (name: string) => `人群「${name}」已存在`,
  badAge: `参数错误：年龄须为 0-${PEOPLE_LIMITS.ageMax} 的数，且最小年龄不大于最大年龄`,
  badEnergy: `参数错误：能量须为 0-${PEOPLE_LIMITS.energyMax} 千卡的数`,
  badDosage: `参数错误：食物用量须为 0-${PEOPLE_LIMITS.dosageMax} 克的数`,
  badField: `参数错误：食物类别只能是 ${FOOD_GROUPS.join('、')}，且不能重复`,
  unknownEnergy: '参数错误：参考人群不存在',
  alreadyAdded: '该参考人群已添加',
  notFound: '人群不存在',
  notCustom: '参考人群只能启用或停用，不能修改名称、年龄和用量',
  tooMany: `每个机构最多 ${PEOPLE_LIMITS.groups} 个人群`,
  cannotWrite: '只有营养师或机构管理员可以维护食谱设置',
} as const;

export interface CustomPeopleFields {
  name: string;
  minAge: number;
  maxAge: number;
  energyKcal: number;
  foodIngredients: FoodDosage[];
}

export interface RecipePeopleAdded {
  peopleId: string;
  /** the reference group it came from; null for a custom group */
  peopleEnergyId: string | null;
  name: string;
  /** 'min-max' in years */
  ageRange: string;
  /** §3: set only on a custom group (the middle of its age range) */
  customAvgAge: number | null;
  energyKcal: number;
  foodIngredients: FoodDosage[];
  enable: boolean;
  defaultEnable: boolean;
  sort: number;
}
export type RecipePeopleUpdated = { peopleId: string } & Partial<Pick<RecipePeopleAdded, 'name' | 'ageRange' | 'customAvgAge' | 'energyKcal' | 'foodIngredients' | 'enable' | 'sort'>>;
export interface RecipePeopleDefaultSet { peopleId: string; defaultEnable: boolean }
export interface RecipePeopleRemoved { peopleId: string }
/** issue 35 (recipeSport): a class's exercise prescription, stored on its custom group, and the target it set */
export interface RecipePeopleSportPrescribed { peopleId: string; prescription: SportPrescription; energyKcal: number }

export type RecipePeopleEvent =
  | DomainEvent<'RecipePeopleAdded', RecipePeopleAdded>
  | DomainEvent<'RecipePeopleUpdated', RecipePeopleUpdated>
  | DomainEvent<'RecipePeopleDefaultSet', RecipePeopleDefaultSet>
  | DomainEvent<'RecipePeopleRemoved', RecipePeopleRemoved>
  | DomainEvent<'RecipePeopleSportPrescribed', RecipePeopleSportPrescribed>;

export type RecipePeopleCommand =
  /** energy: the reference group asked for (null: unknown); added: the org already has it; count: groups in the org */
  | { type: 'AddReferencePeople'; peopleId: string; energy: PeopleEnergy | null; added: boolean; count: number; sort: number }
  | { type: 'AddCustomPeople'; peopleId: string; fields: CustomPeopleFields; nameTaken: boolean; count: number; sort: number }
  | { type: 'UpdateCustomPeople'; peopleId: string; change: Partial<CustomPeopleFields>; nameTaken: boolean }
  | { type: 'SetPeopleEnable'; peopleId: string; enable?: boolean; sort?: number }
  | { type: 'SetPeopleDefault'; peopleId: string; defaultEnable: boolean }
  | { type: 'RemovePeople'; peopleId: string }
  /**
   * issue 35: an exercise prescription (unchecked input) for a custom group; its target and ages become the group's.
   * create: a new custom group of that name (nameTaken, count: as AddCustomPeople); null: the existing group.
   */
  | { type: 'PrescribeSport'; peopleId: string; prescription: unknown; create: { name: string; nameTaken: boolean; count: number; sort: number } | null };

export interface RecipePeopleState {
  status: 'none' | 'live' | 'removed';
  people: Omit<RecipePeopleAdded, 'peopleId'> | null;
}

const num = (v: unknown, min: number, max: number) => typeof v === 'number' && Number.isFinite(v) && v >= min && v <= max;

/** The refusal text of custom fields (only those given are checked), or null. */
export function customPeopleRefusal(f: Partial<CustomPeopleFields>): string | null {
  if (f.name !== undefined) {
    if (!f.name.trim()) return PEOPLE_TEXT.nameEmpty;
    if (f.name.trim().length > PEOPLE_LIMITS.nameMax) return PEOPLE_TEXT.nameTooLong;
  }
  if (f.minAge !== undefined && !num(f.minAge, 0, PEOPLE_LIMITS.ageMax)) return PEOPLE_TEXT.badAge;
  if (f.maxAge !== undefined && !num(f.maxAge, 0, PEOPLE_LIMITS.ageMax)) return PEOPLE_TEXT.badAge;
  if (f.minAge !== undefined && f.maxAge !== undefined && f.minAge > f.maxAge) return PEOPLE_TEXT.badAge;
  if (f.energyKcal !== undefined && !num(f.energyKcal, 0, PEOPLE_LIMITS.energyMax)) return PEOPLE_TEXT.badEnergy;
  if (f.foodIngredients !== undefined) {
    const fields = f.foodIngredients.map((d) => d.field);
    if (fields.some((x) => !(FOOD_GROUPS as readonly string[]).includes(x)) || new Set(fields).size !== fields.length) return PEOPLE_TEXT.badField;
    if (f.foodIngredients.some((d) => !num(d.dosage, 0, PEOPLE_LIMITS.dosageMax))) return PEOPLE_TEXT.badDosage;
  }
  return null;
}

/** 'min-max' of a custom group, and its average age (§3 customAvgAge marks custom). */
export const ageRangeOf = (minAge: number, maxAge: number) => `${minAge}-${maxAge}`;
export const avgAgeOf = (minAge: number, maxAge: number) => Math.round(((minAge + maxAge) / 2) * 10) / 10;
/** The ages of an 'min-max' range (a reference one too). */
export function agesOf(ageRange: string): { minAge: number; maxAge: number } {
  const [a, b] = ageRange.split('-').map(Number);
  return { minAge: a ?? 0, maxAge: b ?? a ?? 0 };
}

const NOT_FOUND = refuse('notFound', PEOPLE_TEXT.notFound);

export const recipePeopleDecider: Decider<RecipePeopleCommand, RecipePeopleState, RecipePeopleEvent> = {
  initialState: () => ({ status: 'none', people: null }),

  decide(command, state) {
    const { peopleId } = command;
    switch (command.type) {
      case 'AddReferencePeople': {
        if (state.status !== 'none') return refuse('conflict', PEOPLE_TEXT.alreadyAdded);
        const e = command.energy;
        if (!e) return refuse('invalid', PEOPLE_TEXT.unknownEnergy);
        if (command.added) return refuse('conflict', PEOPLE_TEXT.alreadyAdded);
        if (command.count >= PEOPLE_LIMITS.groups) return refuse('unprocessable', PEOPLE_TEXT.tooMany);
        return [{ type: 'RecipePeopleAdded', data: {
          peopleId, peopleEnergyId: e.peopleEnergyId, name: e.name, ageRange: e.ageRange, customAvgAge: null,
          // the reference target of a mixed class: the mean of the male and female figures
          energyKcal: Math.round((e.energyKcal.male + e.energyKcal.female) / 2), foodIngredients: e.foodIngredients,
          enable: true, defaultEnable: false, sort: command.sort,
        } }];
      }
      case 'AddCustomPeople': {
        if (state.status !== 'none') return refuse('conflict', PEOPLE_TEXT.nameTaken(command.fields.name.trim()));
        const f = command.fields;
        const bad = customPeopleRefusal(f);
        if (bad) return refuse('invalid', bad);
        if (command.nameTaken) return refuse('conflict', PEOPLE_TEXT.nameTaken(f.name.trim()));
        if (command.count >= PEOPLE_LIMITS.groups) return refuse('unprocessable', PEOPLE_TEXT.tooMany);
        return [{ type: 'RecipePeopleAdded', data: {
          peopleId, peopleEnergyId: null, name: f.name.trim(), ageRange: ageRangeOf(f.minAge, f.maxAge), customAvgAge: avgAgeOf(f.minAge, f.maxAge),
          energyKcal: f.energyKcal, foodIngredients: f.foodIngredients.map((d) => ({ field: d.field, dosage: d.dosage })),
          enable: true, defaultEnable: false, sort: command.sort,
        } }];
      }
      case 'UpdateCustomPeople': {
        if (state.status !== 'live' || !state.people) return NOT_FOUND;
        const p = state.people;
        if (p.peopleEnergyId !== null) return refuse('unprocessable', PEOPLE_TEXT.notCustom);
        const c = command.change;
        const ages = { ...agesOf(p.ageRange), ...(c.minAge !== undefined && { minAge: c.minAge }), ...(c.maxAge !== undefined && { maxAge: c.maxAge }) };
        const bad = customPeopleRefusal({ ...c, ...ages });
        if (bad) return refuse('invalid', bad);
        const name = c.name?.trim();
        if (name !== undefined && name !== p.name && command.nameTaken) return refuse('conflict', PEOPLE_TEXT.nameTaken(name));
        const differs = changedFields(p, {
          name, energyKcal: c.energyKcal, foodIngredients: c.foodIngredients,
          ...((c.minAge !== undefined || c.maxAge !== undefined) && { ageRange: ageRangeOf(ages.minAge, ages.maxAge), customAvgAge: avgAgeOf(ages.minAge, ages.maxAge) }),
        });
        return Object.keys(differs).length ? [{ type: 'RecipePeopleUpdated', data: { peopleId, ...differs } }] : [];
      }
      case 'SetPeopleEnable': {
        if (state.status !== 'live' || !state.people) return NOT_FOUND;
        const differs = changedFields(state.people, { enable: command.enable, sort: command.sort });
        return Object.keys(differs).length ? [{ type: 'RecipePeopleUpdated', data: { peopleId, ...differs } }] : [];
      }
      case 'SetPeopleDefault':
        if (state.status !== 'live' || !state.people) return NOT_FOUND;
        if (state.people.defaultEnable === command.defaultEnable) return [];
        return [{ type: 'RecipePeopleDefaultSet', data: { peopleId, defaultEnable: command.defaultEnable } }];
      case 'RemovePeople':
        if (state.status !== 'live') return NOT_FOUND;
        return [{ type: 'RecipePeopleRemoved', data: { peopleId } }];
      case 'PrescribeSport': {
        const worked = prescriptionTarget(command.prescription);
        if (!worked) return refuse('invalid', SPORT_TEXT.bad);
        const { prescription, target } = worked;
        const prescribed: RecipePeopleEvent = { type: 'RecipePeopleSportPrescribed', data: { peopleId, prescription, energyKcal: target } };
        const fields = { minAge: prescription.minAge, maxAge: prescription.maxAge, energyKcal: target };
        if (command.create) {
          const added = recipePeopleDecider.decide({
            type: 'AddCustomPeople', peopleId, fields: { ...fields, name: command.create.name, foodIngredients: [] },
            nameTaken: command.create.nameTaken, count: command.create.count, sort: command.create.sort,
          }, state);
          return Array.isArray(added) ? [...added, prescribed] : added;
        }
        const updated = recipePeopleDecider.decide({ type: 'UpdateCustomPeople', peopleId, change: fields, nameTaken: false }, state);
        return Array.isArray(updated) ? [...updated, prescribed] : updated;
      }
    }
  },

  evolve(state, event) {
    switch (event.type) {
      case 'RecipePeopleAdded': {
        const { peopleId: _, ...people } = event.data;
        return { status: 'live', people };
      }
      case 'RecipePeopleUpdated': {
        const { peopleId: _, ...change } = event.data;
        return { ...state, people: state.people && withChanges(state.people, change) };
      }
      case 'RecipePeopleDefaultSet':
        return { ...state, people: state.people && { ...state.people, defaultEnable: event.data.defaultEnable } };
      case 'RecipePeopleRemoved':
        return { ...state, status: 'removed' };
      case 'RecipePeopleSportPrescribed':
        return state;
    }
  },
};
