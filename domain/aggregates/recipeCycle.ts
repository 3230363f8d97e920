// A weekly recipe cycle (issue 9, §2 mallRecipeCycleManage): its header (name, start, cycle option, weeks, meal
// pattern, age groups with eaters), its day × meal cells of dishes with per-person dosages per age group, and
// its approval lifecycle. One stream per cycle ('recipeCycle-' + id). Facts held elsewhere (the dishes of the
// org and their portions, the user's quota, whether approval is on) are looked up by the handler and passed in.
import { isRefusal, refuse, type Decider, type DomainEvent, type Refusal } from '../decider.ts';
import { cycleWeeks, weekCopyPairs } from '../recipeSharing.ts';
import { AGE_RANGES, CYCLE_OPTIONS } from '../constants.ts';
import { parseDay } from '../priceCycle.ts';
import {
  RECIPE_LIMITS, RECIPE_TEXT, canDelete, canPublish, canReview, canSubmit, canWithdraw, cycleDays, isEditable, isMealPattern, isMonday,
  mealAllowed, recipeQuotaRefusal, remarkRefusal, reopensOnEdit,
  type AgeGroup, type AgeRange, type Cell, type CellDish, type CycleOption, type MealCode, type RecipeCycleStatus, type RecipeQuota,
} from '../recipeCycle.ts';
import { APPROVER_TEXT } from '../recipeApprovers.ts';

export const recipeCycleStream = (cycleId: string) => `recipeCycle-${cycleId}`;

export interface RecipeCycleHeader {
  name: string;
  startDate: string;
  cycleOption: CycleOption;
  /** whole weeks of a 'week' cycle; 0 for a 'month' cycle (its month decides its days) */
  weeks: number;
  mealPattern: number;
  ageGroups: AgeGroup[];
}

/** Where a copied cycle came from (a cloud recipe, a share, another cycle of the org): shown by the recipe log. */
export interface RecipeCycleSource { orgId: string; cycleId: string; name: string }
export interface RecipeCycleCreated extends RecipeCycleHeader { cycleId: string; createdBy: string; createdByName: string; copiedFrom?: RecipeCycleSource }
export interface RecipeCycleUpdated { cycleId: string; name?: string; mealPattern?: number; ageGroups?: AgeGroup[] }
/** cells as they are after the change; a cell with no dishes is emptied */
export interface RecipeCycleCellsSet { cycleId: string; cells: Cell[] }
export interface RecipeCycleDayCopied { cycleId: string; fromDay: number; toDay: number; cells: Cell[] }
export interface RecipeCycleWeekCopied { cycleId: string; fromWeek: number; toWeek: number; cells: Cell[] }
export interface RecipeCycleStatusChanged {
  cycleId: string;
  remark?: string;
  /** RecipeCycleSubmitted: who submitted it (issue 28: an approver does not approve his own submission) */
  submittedBy?: string;
  /** RecipeCyclePublished: published with no approval because the org has none (issue 28: recorded as such) */
  withoutApproval?: boolean;
}

export type RecipeCycleEvent =
  | DomainEvent<'RecipeCycleCreated', RecipeCycleCreated>
  | DomainEvent<'RecipeCycleUpdated', RecipeCycleUpdated>
  | DomainEvent<'RecipeCycleCellsSet', RecipeCycleCellsSet>
  | DomainEvent<'RecipeCycleDayCopied', RecipeCycleDayCopied>
  | DomainEvent<'RecipeCycleWeekCopied', RecipeCycleWeekCopied>
  | DomainEvent<'RecipeCycleReopened', RecipeCycleStatusChanged>
  | DomainEvent<'RecipeCycleSubmitted', RecipeCycleStatusChanged>
  | DomainEvent<'RecipeCycleApproved', RecipeCycleStatusChanged>
  | DomainEvent<'RecipeCycleRejected', RecipeCycleStatusChanged>
  | DomainEvent<'RecipeCyclePublished', RecipeCycleStatusChanged>
  | DomainEvent<'RecipeCycleWithdrawn', RecipeCycleStatusChanged>
  | DomainEvent<'RecipeCycleDeleted', RecipeCycleStatusChanged>;

/** A dish of the org as the handler found it: its name and its portion (grams per person, the default dosage). */
export interface DishFact { name: string; portion: number }

/** A cell as a client sends it: dosages optional (the dish's portion is the default for each age group). */
export interface CellInput {
  day: number;
  mealCode: number;
  dishes: { dishId: string; dosages?: Partial<Record<string, number>> }[];
}

export type RecipeCycleCommand =
  | ({ type: 'CreateRecipeCycle'; cycleId: string; createdBy: string; createdByName: string; quota: RecipeQuota } & RecipeCycleHeader)
  /**
   * A whole cycle copied into a new one (issue 9: copy a cycle to a new start date, a cloud recipe or a share into
   * the org): the header as given, the source's cells with the dishes already mapped to the org's (`dishes`).
   * Cells on days the new cycle lacks (a shorter month) are left out. The copy is independent of its source.
   */
  | ({
    type: 'CloneRecipeCycle'; cycleId: string; createdBy: string; createdByName: string; quota: RecipeQuota; from: RecipeCycleSource;
    cells: CellInput[]; dishes: Readonly<Record<string, DishFact>>;
  } & RecipeCycleHeader)
  | { type: 'UpdateRecipeCycle'; cycleId: string; name?: string; mealPattern?: number; ageGroups?: AgeGroup[] }
  /** `dishes`: the org's dishes among those the cells name (unknown ones are missing) */
  | { type: 'SetRecipeCells'; cycleId: string; cells: CellInput[]; dishes: Readonly<Record<string, DishFact>> }
  | { type: 'CopyRecipeDay'; cycleId: string; fromDay: number; toDay: number }
  | { type: 'CopyRecipeWeek'; cycleId: string; fromWeek: number; toWeek: number }
  /** without approval (issue 28) submitting publishes the cycle at once, recorded as published without approval */
  | { type: 'SubmitRecipeCycle'; cycleId: string; approvalEnabled: boolean; submittedBy: string }
  /** approverId: who approves; ownAllowed: whether the org's rule lets a submitter approve his own (domain/recipeApprovers) */
  | { type: 'ApproveRecipeCycle'; cycleId: string; remark?: string; approverId: string; ownAllowed: boolean }
  | { type: 'RejectRecipeCycle'; cycleId: string; remark: string }
  | { type: 'PublishRecipeCycle'; cycleId: string; approvalEnabled: boolean }
  | { type: 'WithdrawRecipeCycle'; cycleId: string }
  | { type: 'DeleteRecipeCycle'; cycleId: string };

export interface RecipeCycleState extends RecipeCycleHeader {
  exists: boolean;
  deleted: boolean;
  status: RecipeCycleStatus;
  createdBy: string;
  /** who submitted it last ('' before any submission; the author for submissions recorded before issue 28) */
  submittedBy: string;
  remark: string;
  /** `${day}:${mealCode}` → dishes (no entry: empty) */
  cells: ReadonlyMap<string, CellDish[]>;
}

export const cellKey = (day: number, mealCode: number) => `${day}:${mealCode}`;

const isInt = (n: unknown, min: number, max: number): n is number => typeof n === 'number' && Number.isInteger(n) && n >= min && n <= max;

function nameRefusal(name: string): Refusal | null {
  if (!name.trim()) return refuse('invalid', RECIPE_TEXT.nameEmpty);
  if (name.trim().length > RECIPE_LIMITS.nameMax) return refuse('invalid', RECIPE_TEXT.nameTooLong);
  return null;
}

function ageGroupsRefusal(groups: readonly AgeGroup[]): Refusal | null {
  if (groups.length === 0) return refuse('invalid', RECIPE_TEXT.noAgeGroups);
  const ranges = groups.map((g) => g.ageRange);
  if (ranges.some((r) => !(AGE_RANGES as readonly string[]).includes(r)) || new Set(ranges).size !== ranges.length) return refuse('invalid', RECIPE_TEXT.badAgeGroup);
  if (groups.some((g) => !isInt(g.people, 0, RECIPE_LIMITS.peopleMax))) return refuse('invalid', RECIPE_TEXT.badPeople);
  return null;
}

function headerRefusal(h: RecipeCycleHeader): Refusal | null {
  const bad = nameRefusal(h.name);
  if (bad) return bad;
  if (!(CYCLE_OPTIONS as readonly string[]).includes(h.cycleOption)) return refuse('invalid', '参数错误：周期只能是 week 或 month');
  const start = parseDay(h.startDate);
  if (!start) return refuse('invalid', RECIPE_TEXT.badStart);
  if (h.cycleOption === 'week') {
    if (!isMonday(h.startDate)) return refuse('invalid', RECIPE_TEXT.notMonday);
    if (!isInt(h.weeks, 1, RECIPE_LIMITS.weeksMax)) return refuse('invalid', RECIPE_TEXT.badWeeks);
  } else if (start.getUTCDate() !== 1) return refuse('invalid', RECIPE_TEXT.notFirstOfMonth);
  if (!isMealPattern(h.mealPattern)) return refuse('invalid', RECIPE_TEXT.badPattern);
  return ageGroupsRefusal(h.ageGroups);
}

const validDosage = (g: unknown): g is number => typeof g === 'number' && Number.isFinite(g) && g > 0 && g <= RECIPE_LIMITS.dosageMaxG;
/** §9 arithmetic rounded to 6 decimals */
const round6 = (n: number) => Math.round(n * 1e6) / 1e6;

/** Every cell checked (day inside, meal in the pattern, dishes known, dosages sane) and completed with default dosages. */
function checkCells(state: RecipeCycleState, input: readonly CellInput[], dishes: Readonly<Record<string, DishFact>>): Cell[] | Refusal {
  const days = cycleDays(state);
  const seen = new Set<string>();
  const unknown = new Set<string>();
  const ranges = state.ageGroups.map((g) => g.ageRange);
  const out: Cell[] = [];
  for (const c of input) {
    if (!isInt(c.day, 0, days - 1)) return refuse('invalid', RECIPE_TEXT.dayOutside(Number(c.day), days));
    if (!mealAllowed(state.mealPattern, c.mealCode)) return refuse('invalid', RECIPE_TEXT.mealNotInPattern(c.mealCode, state.mealPattern));
    const key = cellKey(c.day, c.mealCode);
    if (seen.has(key)) return refuse('invalid', RECIPE_TEXT.duplicateCell);
    seen.add(key);
    if (c.dishes.length > RECIPE_LIMITS.dishesPerCell) return refuse('invalid', RECIPE_TEXT.tooManyDishes);
    if (new Set(c.dishes.map((d) => d.dishId)).size !== c.dishes.length) return refuse('invalid', RECIPE_TEXT.duplicateDish);
    const cellDishes: CellDish[] = [];
    for (const d of c.dishes) {
      const dish = dishes[d.dishId];
      if (!dish) {
        unknown.add(d.dishId);
        continue;
      }
      const given = d.dosages ?? {};
      if (Object.keys(given).some((r) => !ranges.includes(r as AgeRange))) return refuse('invalid', RECIPE_TEXT.dosageAgeGroup);
      const dosages: Partial<Record<AgeRange, number>> = {};
      for (const r of ranges) {
        const g = given[r] ?? dish.portion;
        if (given[r] === undefined && !validDosage(g)) return refuse('invalid', RECIPE_TEXT.noDosage(dish.name));
        if (!validDosage(g)) return refuse('invalid', RECIPE_TEXT.badDosage);
        dosages[r] = round6(g);
      }
      cellDishes.push({ dishId: d.dishId, dosages });
    }
    out.push({ day: c.day, mealCode: c.mealCode as MealCode, dishes: cellDishes });
  }
  if (unknown.size) return refuse('invalid', RECIPE_TEXT.unknownDish([...unknown]));
  return out;
}

/** The content of a cell as text, independent of key order (states folded from jsonb reorder keys). */
const cellText = (dishes: readonly CellDish[]) =>
  dishes.map((d) => `${d.dishId}=${Object.entries(d.dosages).sort(([x], [y]) => x.localeCompare(y)).map(([r, g]) => `${r}:${g}`).join(',')}`).join(';');
const sameCell = (a: readonly CellDish[] | undefined, b: readonly CellDish[]) => cellText(a ?? []) === cellText(b);

/** The target days' cells after a copy: every meal of the pattern, emptied where the source has none. */
function copiedCells(state: RecipeCycleState, pairs: readonly (readonly [number, number])[]): Cell[] {
  const meals = [...new Set([...state.cells.keys()].map((k) => Number(k.split(':')[1])))];
  const out: Cell[] = [];
  for (const [from, to] of pairs) {
    for (const mealCode of meals) {
      const dishes = state.cells.get(cellKey(from, mealCode)) ?? [];
      if (dishes.length === 0 && !state.cells.has(cellKey(to, mealCode))) continue;
      out.push({ day: to, mealCode: mealCode as MealCode, dishes: dishes.map((d) => ({ dishId: d.dishId, dosages: { ...d.dosages } })) });
    }
  }
  return out;
}

const NOT_FOUND = refuse('notFound', RECIPE_TEXT.notFound);

/** An edit of a cycle: refused unless editable; a rejected or withdrawn cycle goes back to draft first. */
function edit(state: RecipeCycleState, cycleId: string, events: RecipeCycleEvent[]): RecipeCycleEvent[] | Refusal {
  if (!isEditable(state.status)) return refuse('conflict', RECIPE_TEXT.notEditable);
  if (events.length === 0) return [];
  return reopensOnEdit(state.status) ? [{ type: 'RecipeCycleReopened', data: { cycleId } }, ...events] : events;
}

export const recipeCycleDecider: Decider<RecipeCycleCommand, RecipeCycleState, RecipeCycleEvent> = {
  initialState: () => ({
    exists: false, deleted: false, status: 'draft', createdBy: '', submittedBy: '', remark: '', cells: new Map(),
    name: '', startDate: '', cycleOption: 'week', weeks: 0, mealPattern: 0, ageGroups: [],
  }),

  decide(command, state) {
    if (command.type === 'CreateRecipeCycle') {
      if (state.exists) return refuse('conflict', '周食谱已存在');
      const header: RecipeCycleHeader = {
        name: command.name.trim(), startDate: command.startDate, cycleOption: command.cycleOption,
        weeks: command.cycleOption === 'week' ? command.weeks : 0, mealPattern: command.mealPattern,
        ageGroups: command.ageGroups.map((g) => ({ ageRange: g.ageRange, people: g.people })),
      };
      const bad = headerRefusal({ ...header, weeks: command.weeks });
      if (bad) return bad;
      const over = recipeQuotaRefusal(command.quota);
      if (over) return refuse('unprocessable', over);
      return [{ type: 'RecipeCycleCreated', data: { cycleId: command.cycleId, ...header, createdBy: command.createdBy, createdByName: command.createdByName } }];
    }
    if (command.type === 'CloneRecipeCycle') {
      if (state.exists) return refuse('conflict', '周食谱已存在');
      const { type: _t, cells: input, dishes, from, quota, ...rest } = command;
      const created = recipeCycleDecider.decide({ ...rest, type: 'CreateRecipeCycle', quota }, state);
      if (isRefusal(created)) return created;
      const first = created[0];
      if (first.type !== 'RecipeCycleCreated') return created;
      const fresh = recipeCycleDecider.evolve(state, first);
      const days = cycleDays(fresh);
      const cells = checkCells(fresh, input.filter((c) => c.day < days && c.dishes.length > 0 && mealAllowed(fresh.mealPattern, c.mealCode)), dishes);
      if (!Array.isArray(cells)) return cells;
      const copied: RecipeCycleEvent = { type: 'RecipeCycleCreated', data: { ...first.data, copiedFrom: { orgId: from.orgId, cycleId: from.cycleId, name: from.name } } };
      return cells.length ? [copied, { type: 'RecipeCycleCellsSet', data: { cycleId: command.cycleId, cells } }] : [copied];
    }
    if (!state.exists || state.deleted) return NOT_FOUND;
    const { cycleId } = command;
    switch (command.type) {
      case 'UpdateRecipeCycle': {
        const change: RecipeCycleUpdated = { cycleId };
        if (command.name !== undefined) {
          const bad = nameRefusal(command.name);
          if (bad) return bad;
          if (command.name.trim() !== state.name) change.name = command.name.trim();
        }
        if (command.mealPattern !== undefined && command.mealPattern !== state.mealPattern) {
          if (!isMealPattern(command.mealPattern)) return refuse('invalid', RECIPE_TEXT.badPattern);
          const outside = [...state.cells.keys()].map((k) => Number(k.split(':')[1])).find((m) => !mealAllowed(command.mealPattern!, m));
          if (outside !== undefined) return refuse('invalid', RECIPE_TEXT.mealNotInPattern(outside, command.mealPattern));
          change.mealPattern = command.mealPattern;
        }
        if (command.ageGroups !== undefined) {
          const bad = ageGroupsRefusal(command.ageGroups);
          if (bad) return bad;
          const groups = command.ageGroups.map((g) => ({ ageRange: g.ageRange, people: g.people }));
          const ranges = (gs: readonly AgeGroup[]) => gs.map((g) => g.ageRange).sort().join(',');
          // dosages are kept per age group: the groups themselves change only while no dish has one
          if (ranges(groups) !== ranges(state.ageGroups) && state.cells.size > 0) return refuse('invalid', '参数错误：已有菜品时不能增删年龄段，只能修改就餐人数');
          if (JSON.stringify(groups) !== JSON.stringify(state.ageGroups)) change.ageGroups = groups;
        }
        return edit(state, cycleId, Object.keys(change).length > 1 ? [{ type: 'RecipeCycleUpdated', data: change }] : []);
      }
      case 'SetRecipeCells': {
        if (command.cells.length > RECIPE_LIMITS.cellsPerRequest) return refuse('invalid', `参数错误：一次最多修改 ${RECIPE_LIMITS.cellsPerRequest} 个餐次`);
        const cells = checkCells(state, command.cells, command.dishes);
        if (!Array.isArray(cells)) return cells;
        const changed = cells.filter((c) => !sameCell(state.cells.get(cellKey(c.day, c.mealCode)), c.dishes));
        return edit(state, cycleId, changed.length ? [{ type: 'RecipeCycleCellsSet', data: { cycleId, cells: changed } }] : []);
      }
      case 'CopyRecipeDay': {
        const days = cycleDays(state);
        for (const d of [command.fromDay, command.toDay]) if (!isInt(d, 0, days - 1)) return refuse('invalid', RECIPE_TEXT.dayOutside(Number(d), days));
        if (command.fromDay === command.toDay) return refuse('invalid', RECIPE_TEXT.sameDay);
        const cells = copiedCells(state, [[command.fromDay, command.toDay]]).filter((c) => !sameCell(state.cells.get(cellKey(c.day, c.mealCode)), c.dishes));
        return edit(state, cycleId, cells.length ? [{ type: 'RecipeCycleDayCopied', data: { cycleId, fromDay: command.fromDay, toDay: command.toDay, cells } }] : []);
      }
      case 'CopyRecipeWeek': {
        // §9 weeks start Monday: a month cycle's first and last weeks are cut by the month; days pair by weekday
        const cycleWeekList = cycleWeeks(state);
        const weeks = cycleWeekList.length;
        for (const w of [command.fromWeek, command.toWeek]) if (!isInt(w, 0, weeks - 1)) return refuse('invalid', `参数错误：第 ${Number(w) + 1} 周不在食谱周期内（共 ${weeks} 周）`);
        if (command.fromWeek === command.toWeek) return refuse('invalid', RECIPE_TEXT.sameDay);
        const pairs = weekCopyPairs(cycleWeekList, state.startDate, command.fromWeek, command.toWeek);
        const cells = copiedCells(state, pairs).filter((c) => !sameCell(state.cells.get(cellKey(c.day, c.mealCode)), c.dishes));
        return edit(state, cycleId, cells.length ? [{ type: 'RecipeCycleWeekCopied', data: { cycleId, fromWeek: command.fromWeek, toWeek: command.toWeek, cells } }] : []);
      }
      case 'SubmitRecipeCycle':
        if (!canSubmit(state.status, true)) return refuse('conflict', RECIPE_TEXT.notEditable);
        if (state.cells.size === 0) return refuse('unprocessable', RECIPE_TEXT.empty);
        // nobody approves this org's recipes: submitting is publishing, and the log says it went out unreviewed
        if (!command.approvalEnabled) return [{ type: 'RecipeCyclePublished', data: { cycleId, withoutApproval: true } }];
        return [{ type: 'RecipeCycleSubmitted', data: { cycleId, submittedBy: command.submittedBy } }];
      case 'ApproveRecipeCycle':
        if (!canReview(state.status)) return refuse('conflict', RECIPE_TEXT.notSubmitted);
        if (!command.ownAllowed && state.submittedBy === command.approverId) return refuse('forbidden', APPROVER_TEXT.ownSubmission);
        return [{ type: 'RecipeCycleApproved', data: { cycleId, remark: (command.remark ?? '').trim().slice(0, RECIPE_LIMITS.remarkMax) } }];
      case 'RejectRecipeCycle': {
        if (!canReview(state.status)) return refuse('conflict', RECIPE_TEXT.notSubmitted);
        const bad = remarkRefusal(command.remark);
        if (bad) return refuse('invalid', bad);
        return [{ type: 'RecipeCycleRejected', data: { cycleId, remark: command.remark.trim() } }];
      }
      case 'PublishRecipeCycle':
        if (state.status === 'published') return [];
        if (!canPublish(state.status, command.approvalEnabled)) return refuse('conflict', RECIPE_TEXT.cannotPublish);
        if (state.cells.size === 0) return refuse('unprocessable', RECIPE_TEXT.empty);
        return [{ type: 'RecipeCyclePublished', data: { cycleId, ...(state.status !== 'approved' && { withoutApproval: true }) } }];
      case 'WithdrawRecipeCycle':
        if (!canWithdraw(state.status)) return refuse('conflict', RECIPE_TEXT.notPublished);
        return [{ type: 'RecipeCycleWithdrawn', data: { cycleId } }];
      case 'DeleteRecipeCycle':
        if (!canDelete(state.status)) return refuse('conflict', RECIPE_TEXT.notEditable);
        return [{ type: 'RecipeCycleDeleted', data: { cycleId } }];
    }
  },

  evolve(state, event) {
    switch (event.type) {
      case 'RecipeCycleCreated': {
        const { cycleId: _, createdByName: _n, copiedFrom: _f, ...rest } = event.data;
        return { ...state, ...rest, exists: true, status: 'draft' };
      }
      case 'RecipeCycleUpdated':
        return {
          ...state,
          name: event.data.name ?? state.name,
          mealPattern: event.data.mealPattern ?? state.mealPattern,
          ageGroups: event.data.ageGroups ?? state.ageGroups,
        };
      case 'RecipeCycleCellsSet':
      case 'RecipeCycleDayCopied':
      case 'RecipeCycleWeekCopied': {
        const cells = new Map(state.cells);
        for (const c of event.data.cells) {
          if (c.dishes.length) cells.set(cellKey(c.day, c.mealCode), c.dishes);
          else cells.delete(cellKey(c.day, c.mealCode));
        }
        return { ...state, cells };
      }
      case 'RecipeCycleReopened':
        return { ...state, status: 'draft' };
      case 'RecipeCycleSubmitted':
        return { ...state, status: 'submitted', remark: '', submittedBy: event.data.submittedBy ?? state.createdBy };
      case 'RecipeCycleApproved':
        return { ...state, status: 'approved', remark: event.data.remark ?? '' };
      case 'RecipeCycleRejected':
        return { ...state, status: 'rejected', remark: event.data.remark ?? '' };
      case 'RecipeCyclePublished':
        return { ...state, status: 'published' };
      case 'RecipeCycleWithdrawn':
        return { ...state, status: 'withdrawn' };
      case 'RecipeCycleDeleted':
        return { ...state, deleted: true };
    }
  },
};
