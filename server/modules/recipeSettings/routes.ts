// §7 recipe settings (issue 9): people groups (mallRecipeCustomPeopleManage) and recipe labels with their config
// (mallRecipeCycleLableManage) of the org the request acts in. Reads: every member; writes: the dietitian and the
// org's admins and providers (domain/recipeAccess.ts writesRecipeSettings). A group or label of another org is
// not found. Every write is a decider command; the facts it needs (is the name taken, is the reference group
// already added) are read under a lock of the org's scope so two writers cannot both pass.
import crypto from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ModuleContext } from '../../context.ts';
import { ok } from '../../http/envelope.ts';
import { badRequest, forbidden, notFound } from '../../http/errors.ts';
import { route, type OrgAppRequest } from '../../http/route.ts';
import type { Tx } from '../../store/eventStore.ts';
import { clientVersion, decideAndAppend, handleCommand, lockKey, requestCommand, runDecisions } from '../../store/command.ts';
import { streamVersionOf } from '../../store/versions.ts';
import * as api from '../../../contracts/recipeSettings.ts';
import { writesRecipeSettings } from '../../../domain/recipeAccess.ts';
import {
  PEOPLE_ENERGY, PEOPLE_TEXT, recipePeopleDecider, recipePeopleStream, type RecipePeopleCommand,
} from '../../../domain/aggregates/recipePeople.ts';
import {
  DEFAULT_LABEL_COLOR, DEFAULT_LABEL_CONFIG, LABEL_TEXT, recipeLabelConfigDecider, recipeLabelConfigStream, recipeLabelDecider, recipeLabelStream,
  type RecipeLabelCommand, type RecipeLabelConfig,
} from '../../../domain/aggregates/recipeLabel.ts';

const member = { auth: 'orgApp' } as const;
function requireSettingsWriter(request: FastifyRequest): void {
  if (!writesRecipeSettings({ platform: request.platform, roles: request.roles ?? [] })) throw forbidden(PEOPLE_TEXT.cannotWrite);
}
const writer = { auth: 'orgApp', guard: requireSettingsWriter } as const;

interface PeopleRow {
  people_id: string; people_energy_id: string | null; org_id: string; name: string; age_range: string; custom_avg_age: string | null; energy_kcal: string;
  food_ingredients: unknown; enable: boolean; default_enable: boolean; sort: number; version: string | null; sport_prescription: unknown;
}
const peopleView = (r: PeopleRow): api.RecipePeople => ({
  peopleId: r.people_id, peopleEnergyId: r.people_energy_id, orgId: r.org_id, name: r.name, ageRange: r.age_range,
  customAvgAge: r.custom_avg_age === null ? null : Number(r.custom_avg_age), custom: r.people_energy_id === null, energyKcal: Number(r.energy_kcal),
  foodIngredients: r.food_ingredients as api.RecipePeople['foodIngredients'], enable: r.enable ? 1 : 0, defaultEnable: r.default_enable ? 1 : 0, isDelete: 0,
  sort: r.sort, version: Number(r.version ?? 0), sportPrescription: (r.sport_prescription ?? null) as api.RecipePeople['sportPrescription'],
});
interface LabelRow { id: string; org_id: string; name: string; color: string; sort: number; enable: boolean; version: string | null }
const labelView = (r: LabelRow): api.RecipeLabel => ({
  id: r.id, orgId: r.org_id, name: r.name, color: r.color, sort: r.sort, enable: r.enable ? 1 : 0, version: Number(r.version ?? 0),
});

/** §5: an id the call needs, missing → exactly 参数错误. */
function required<T>(value: T | undefined | null | ''): T {
  if (value === undefined || value === null || value === '') throw badRequest(PEOPLE_TEXT.param);
  return value;
}

export default async function recipeSettingsRoutes(app: FastifyInstance, { db, clock }: ModuleContext) {
  const peopleSelect = db.selectFrom('recipe_people as p').select([
    'p.people_id', 'p.people_energy_id', 'p.org_id', 'p.name', 'p.age_range', 'p.custom_avg_age', 'p.energy_kcal', 'p.food_ingredients',
    'p.enable', 'p.default_enable', 'p.sort', 'p.sport_prescription', streamVersionOf('p', 'recipePeople', 'people_id').as('version'),
  ]);
  const onePeople = async (orgId: string, peopleId: string) => {
    const row = await peopleSelect.where('p.org_id', '=', orgId).where('p.people_id', '=', peopleId).executeTakeFirst();
    if (!row) throw notFound(PEOPLE_TEXT.notFound);
    return peopleView(row as PeopleRow);
  };

  /** One people command on a group of this org, decided under the org's people lock. */
  const peopleCommand = (request: OrgAppRequest, build: (tx: Tx) => Promise<RecipePeopleCommand>) => runDecisions(db, async (tx) => {
    await lockKey(tx, 'recipePeople', request.orgApp.orgId);
    const command = await build(tx);
    return decideAndAppend(tx, {
      ...requestCommand(request, clock()), streamId: recipePeopleStream(command.peopleId), streamType: 'recipePeople', decider: recipePeopleDecider, command,
    });
  }, clientVersion(request) === undefined);
  const existing = async (tx: Tx, orgId: string, peopleId: string) => {
    if (!await tx.selectFrom('recipe_people').select('people_id').where('org_id', '=', orgId).where('people_id', '=', peopleId).executeTakeFirst()) {
      throw notFound(PEOPLE_TEXT.notFound);
    }
  };
  const groupCount = async (tx: Tx, orgId: string) => {
    const r = await tx.selectFrom('recipe_people').select((eb) => eb.fn.countAll<string>().as('n')).where('org_id', '=', orgId).executeTakeFirstOrThrow();
    return Number(r.n);
  };
  const nameTaken = async (tx: Tx, orgId: string, name: string | undefined, except: string) => name !== undefined
    && !!await tx.selectFrom('recipe_people').select('people_id').where('org_id', '=', orgId).where('name', '=', name.trim()).where('people_id', '!=', except).executeTakeFirst();

  route(app, api.listPeopleEnergy, member, async () => ok({ rows: PEOPLE_ENERGY.map((e) => ({ ...e, foodIngredients: [...e.foodIngredients] })), count: PEOPLE_ENERGY.length }));

  route(app, api.listRecipePeople, member, async (request) => {
    const q = request.query;
    // removed groups leave the projection: asking for deleted ones finds none
    if (q.isDelete === 1) return ok({ rows: [], count: 0 });
    let b = peopleSelect.where('p.org_id', '=', request.orgApp.orgId);
    if (q.enable !== undefined) b = b.where('p.enable', '=', q.enable === 1);
    if (q.ageRange) b = b.where('p.age_range', '=', q.ageRange);
    if (q['extraInfo.category'] === 'custom') b = b.where('p.people_energy_id', 'is', null);
    if (q['extraInfo.category'] === 'reference') b = b.where('p.people_energy_id', 'is not', null);
    const rows = (await b.orderBy('p.sort').orderBy('p.name').execute()).map((r) => peopleView(r as PeopleRow));
    return ok({ rows, count: rows.length });
  });

  route(app, api.addReferencePeople, writer, async (request) => {
    const { orgId } = request.orgApp;
    const peopleId = crypto.randomUUID();
    const energy = PEOPLE_ENERGY.find((e) => e.peopleEnergyId === request.body.peopleEnergyId) ?? null;
    await peopleCommand(request, async (tx) => {
      const added = !!energy && !!await tx.selectFrom('recipe_people').select('people_id').where('org_id', '=', orgId).where('people_energy_id', '=', energy.peopleEnergyId).executeTakeFirst();
      const count = await groupCount(tx, orgId);
      return { type: 'AddReferencePeople', peopleId, energy, added, count, sort: count * 10 };
    });
    return ok(await onePeople(orgId, peopleId));
  });

  route(app, api.addCustomPeople, writer, async (request) => {
    const { orgId } = request.orgApp;
    const peopleId = crypto.randomUUID();
    await peopleCommand(request, async (tx) => {
      const count = await groupCount(tx, orgId);
      return { type: 'AddCustomPeople', peopleId, fields: request.body, nameTaken: await nameTaken(tx, orgId, request.body.name, peopleId), count, sort: count * 10 };
    });
    return ok(await onePeople(orgId, peopleId));
  });

  route(app, api.updateRecipePeople, writer, async (request) => {
    const { orgId } = request.orgApp;
    const peopleId = required(request.body.peopleId);
    await peopleCommand(request, async (tx) => {
      await existing(tx, orgId, peopleId);
      return { type: 'SetPeopleEnable', peopleId, enable: request.body.enable === undefined ? undefined : request.body.enable === 1, sort: request.body.sort };
    });
    return ok(await onePeople(orgId, peopleId));
  });

  route(app, api.setPeopleDefault, writer, async (request) => {
    const { orgId } = request.orgApp;
    const peopleId = required(request.body.peopleId);
    const defaultEnable = required(request.body.defaultEnable);
    await peopleCommand(request, async (tx) => {
      await existing(tx, orgId, peopleId);
      return { type: 'SetPeopleDefault', peopleId, defaultEnable: defaultEnable === true || defaultEnable === 1 };
    });
    return ok(await onePeople(orgId, peopleId));
  });

  route(app, api.updateCustomPeople, writer, async (request) => {
    const { orgId } = request.orgApp;
    const { peopleId } = request.params;
    const { version: _, ...change } = request.body;
    await peopleCommand(request, async (tx) => {
      await existing(tx, orgId, peopleId);
      return { type: 'UpdateCustomPeople', peopleId, change, nameTaken: await nameTaken(tx, orgId, change.name, peopleId) };
    });
    return ok(await onePeople(orgId, peopleId));
  });

  // issue 35 (recipeSport): the prescription is stored on the class's custom group and its target becomes the group's
  // energy target, both decided from the prescription by the domain; a new group is made in the same command
  route(app, api.prescribeSport, writer, async (request) => {
    const { orgId } = request.orgApp;
    const { peopleId: given, name, prescription } = request.body;
    if (!given && !name?.trim()) throw badRequest(PEOPLE_TEXT.nameEmpty);
    const peopleId = given ?? crypto.randomUUID();
    await peopleCommand(request, async (tx) => {
      if (given) {
        await existing(tx, orgId, given);
        return { type: 'PrescribeSport', peopleId, prescription, create: null };
      }
      const count = await groupCount(tx, orgId);
      return { type: 'PrescribeSport', peopleId, prescription, create: { name: name!, nameTaken: await nameTaken(tx, orgId, name, peopleId), count, sort: count * 10 } };
    });
    return ok(await onePeople(orgId, peopleId));
  });

  route(app, api.removeRecipePeople, writer, async (request) => {
    const { orgId } = request.orgApp;
    const peopleId = required(request.body.peopleId);
    await peopleCommand(request, async (tx) => {
      await existing(tx, orgId, peopleId);
      return { type: 'RemovePeople', peopleId };
    });
    return ok({ peopleId });
  });

  // ---- recipe labels ----
  const labelSelect = db.selectFrom('recipe_labels as l').select(['l.id', 'l.org_id', 'l.name', 'l.color', 'l.sort', 'l.enable', streamVersionOf('l', 'recipeLabel', 'id').as('version')]);
  const oneLabel = async (orgId: string, id: string) => {
    const row = await labelSelect.where('l.org_id', '=', orgId).where('l.id', '=', id).executeTakeFirst();
    if (!row) throw notFound(LABEL_TEXT.notFound);
    return labelView(row as LabelRow);
  };
  const labelCommand = (request: OrgAppRequest, build: (tx: Tx) => Promise<RecipeLabelCommand>, labelId: string) => runDecisions(db, async (tx) => {
    await lockKey(tx, 'recipeLabel', request.orgApp.orgId);
    const command = await build(tx);
    return decideAndAppend(tx, { ...requestCommand(request, clock()), streamId: recipeLabelStream(labelId), streamType: 'recipeLabel', decider: recipeLabelDecider, command });
  }, clientVersion(request) === undefined);
  const labelNameTaken = async (tx: Tx, orgId: string, name: string | undefined, except: string) => name !== undefined
    && !!await tx.selectFrom('recipe_labels').select('id').where('org_id', '=', orgId).where('name', '=', name.trim()).where('id', '!=', except).executeTakeFirst();

  route(app, api.listRecipeLabels, member, async (request) => {
    let b = labelSelect.where('l.org_id', '=', request.orgApp.orgId);
    if (request.query.enable !== undefined) b = b.where('l.enable', '=', request.query.enable === 1);
    const rows = (await b.orderBy('l.sort').orderBy('l.name').execute()).map((r) => labelView(r as LabelRow));
    return ok({ rows, count: rows.length });
  });

  route(app, api.createRecipeLabel, writer, async (request) => {
    const { orgId } = request.orgApp;
    const labelId = crypto.randomUUID();
    const b = request.body;
    await labelCommand(request, async (tx) => {
      const n = Number((await tx.selectFrom('recipe_labels').select((eb) => eb.fn.countAll<string>().as('n')).where('org_id', '=', orgId).executeTakeFirstOrThrow()).n);
      return {
        type: 'CreateRecipeLabel', count: n, nameTaken: await labelNameTaken(tx, orgId, b.name, labelId),
        label: { labelId, name: b.name, color: b.color ?? DEFAULT_LABEL_COLOR, sort: b.sort ?? (n + 1) * 10, enable: b.enable === undefined ? true : b.enable === 1 },
      };
    }, labelId);
    return ok(await oneLabel(orgId, labelId));
  });

  const changeLabel = async (request: OrgAppRequest, labelId: string, b: api.RecipeLabelChange) => {
    const { orgId } = request.orgApp;
    await labelCommand(request, async (tx) => {
      if (!await tx.selectFrom('recipe_labels').select('id').where('org_id', '=', orgId).where('id', '=', labelId).executeTakeFirst()) throw notFound(LABEL_TEXT.notFound);
      if (b.isDelete === 1) return { type: 'RemoveRecipeLabel', labelId };
      return {
        type: 'UpdateRecipeLabel', nameTaken: await labelNameTaken(tx, orgId, b.name, labelId),
        change: { labelId, name: b.name, color: b.color, sort: b.sort, enable: b.enable === undefined ? undefined : b.enable === 1 },
      };
    }, labelId);
    return ok({ id: labelId, removed: b.isDelete === 1 });
  };
  route(app, api.updateRecipeLabel, writer, async (request) => changeLabel(request, required(request.body.id), request.body));
  route(app, api.updateRecipeLabelById, writer, async (request) => changeLabel(request, request.params.id, request.body));

  const labelConfig = async (orgId: string): Promise<RecipeLabelConfig> => {
    const row = await db.selectFrom('recipe_label_configs').select('config').where('org_id', '=', orgId).executeTakeFirst();
    return { ...DEFAULT_LABEL_CONFIG, ...(row?.config as Partial<RecipeLabelConfig> | undefined) };
  };
  route(app, api.getRecipeLabelConfig, member, async (request) => ok(await labelConfig(request.orgApp.orgId)));
  const saveConfig = async (request: OrgAppRequest, change: api.RecipeLabelConfigChange) => {
    const { orgId } = request.orgApp;
    await handleCommand(db, {
      ...requestCommand(request, clock()), streamId: recipeLabelConfigStream(orgId), streamType: 'recipeLabelConfig', decider: recipeLabelConfigDecider,
      command: { type: 'SetRecipeLabelConfig', change },
    });
    return ok(await labelConfig(orgId));
  };
  route(app, api.setRecipeLabelConfig, writer, async (request) => saveConfig(request, request.body));
  route(app, api.createRecipeLabelConfig, writer, async (request) => saveConfig(request, request.body));
}
