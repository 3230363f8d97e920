// The system settings screen's server side (§2 系统信息配置): the food-label field configuration of §3 (defaults
// when unset), validated writes of the org config paths the screen has forms for, and the holiday calendar's
// writes (system providers only). Every write is a command appending events.
import { SUPPORT_CONTACTS_PATH, supportContactsProblems } from '../../../domain/supportContacts.ts';
import { approverSettingRefusal, RECIPE_APPROVERS_PATH } from '../../../domain/recipeApprovers.ts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ModuleContext } from '../../context.ts';
import { envelopeSchema, ok } from '../../http/envelope.ts';
import { badRequest, forbidden } from '../../http/errors.ts';
import { clientVersion, decideAndAppend, metaOf, runDecisions, staleRecord } from '../../store/command.ts';
import { holidayDecider, type HolidayCommand } from '../../../domain/aggregates/holidays.ts';
import { defaultFoodLabelConfig, foodLabelConfigOf, validateFoodLabelConfig } from '../../../domain/foodLabel.ts';
import { validateSemesters } from '../../../domain/semester.ts';
import { FRAME_HOSTS_PATH, frameHostsProblem } from '../../../domain/menuUrl.ts';
import { streams, SYSTEM_ORG } from '../users/streams.ts';
import { configETag, configRows, readConfig, writeConfig } from './orgConfig.ts';
import { setIn } from '../../../domain/aggregates/orgConfig.ts';
import { isPlatformOrg, SELF_REGISTRATION_PATH, SELF_REGISTRATION_TEXT } from '../../../domain/selfRegistration.ts';

const tags = ['config'];
const edit = { auth: 'orgApp' } as const;
const anyObject = { type: 'object', additionalProperties: true } as const;

/** The org config path the food-label configuration is stored at. */
export const FOOD_LABEL_PATH = 'foodLabelConfig';

const isObj = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);
const COLOR = /^(#[0-9A-Fa-f]{3}|#[0-9A-Fa-f]{6}|rgba?\([\d\s.,%]+\)|[a-zA-Z]{3,20})$/;
const FONT_SIZE = /^\d{1,2}(px|rem|em)$/;

function checkKeys(value: Record<string, unknown>, allowed: Record<string, 'boolean' | 'string' | 'object'>, at: string, errors: string[], strict = true) {
  for (const [k, v] of Object.entries(value)) {
    const type = allowed[k];
    if (!type) { if (strict) errors.push(`${at}${k} 不是可设置的字段`); }
    else if (type === 'object' ? !isObj(v) : typeof v !== type) errors.push(`${at}${k} 必须是${type === 'boolean' ? '布尔值' : type === 'string' ? '文本' : '对象'}`);
  }
}

/** §2 systemNotify {enable, content, style{color, background, fontSize}}. */
function validateSystemNotify(v: unknown): string[] {
  if (!isObj(v)) return ['systemNotify 必须是对象'];
  const errors: string[] = [];
  checkKeys(v, { enable: 'boolean', content: 'string', style: 'object' }, 'systemNotify.', errors);
  if (typeof v.enable !== 'boolean') errors.push('systemNotify.enable 必须是布尔值');
  if (typeof v.content === 'string' && v.content.length > 500) errors.push('通知内容最多 500 字');
  if (v.enable === true && (typeof v.content !== 'string' || !v.content.trim())) errors.push('启用通知时内容不能为空');
  if (isObj(v.style)) {
    for (const [k, s] of Object.entries(v.style)) {
      if (k === 'color' || k === 'background') { if (typeof s !== 'string' || !COLOR.test(s)) errors.push(`通知样式 ${k} 不是合法的颜色`); }
      else if (k === 'fontSize') { if (typeof s !== 'string' || !FONT_SIZE.test(s)) errors.push('通知样式 fontSize 不合法（如 14px）'); }
      else errors.push(`通知样式 ${k} 不是可设置的字段`);
    }
  }
  return errors;
}

/** §3 nutritiousmeals: the three switches, the entrance flag, and the semester ranges. */
function validateNutritiousmeals(v: unknown): string[] {
  if (!isObj(v)) return ['nutritiousmeals 必须是对象'];
  const errors: string[] = [];
  checkKeys(v, {
    mallRecipeUserLimiteEnable: 'boolean', recipeNotCreateProduct: 'boolean', priceIsEffectiveOnMonthly: 'boolean',
    mallRecipeCycleEntrance: 'boolean', semester: 'object',
  }, 'nutritiousmeals.', errors, false);
  if (isObj(v.semester)) {
    const { year, ...ranges } = v.semester;
    if (year !== undefined && !(Number.isInteger(year) && (year as number) >= 2000 && (year as number) <= 2100)) errors.push('学年必须是 2000-2100 的整数');
    errors.push(...validateSemesters(ranges));
  }
  return errors;
}

/** §3 recipeConfig with aiMealsAllocate. */
function validateRecipeConfig(v: unknown): string[] {
  if (!isObj(v)) return ['recipeConfig 必须是对象'];
  const errors: string[] = [];
  // issue 9: the roles (by name) that approve weekly recipe cycles besides the org admin — a list of names
  const { recipeApprovalRoleNames: approvers, ...rest } = v;
  if (approvers !== undefined && !(Array.isArray(approvers) && approvers.length <= 50 && approvers.every((n) => typeof n === 'string' && n.trim() && n.length <= 100))) {
    errors.push('recipeConfig.recipeApprovalRoleNames 必须是角色名称的列表');
  }
  checkKeys(rest, {
    recipeApprovalEnable: 'boolean', recipeRecommendEnable: 'boolean', recipeModeTip: 'string', recipeDosageExportReportWrap: 'boolean',
    dosageMode: 'string', aiMealsAllocate: 'object',
  }, 'recipeConfig.', errors);
  if (typeof v.dosageMode === 'string' && !['netWeight', 'grossWeight'].includes(v.dosageMode)) errors.push('recipeConfig.dosageMode 只能是 netWeight 或 grossWeight');
  if (isObj(v.aiMealsAllocate)) {
    checkKeys(v.aiMealsAllocate, {
      enable: 'boolean', personalModeEnable: 'boolean', label: 'string', defaultStatus: 'boolean', tip: 'string',
      allocateRecommendEnable: 'boolean', peopleTip: 'string', peopleModeAIEnable: 'boolean',
    }, 'recipeConfig.aiMealsAllocate.', errors);
    const label = v.aiMealsAllocate.label;
    if (typeof label === 'string' && (!label.trim() || label.length > 20)) errors.push('智能配餐名称须为 1-20 个字');
  }
  return errors;
}

function validateTitle(v: unknown): string[] {
  return typeof v === 'string' && v.trim() && v.length <= 50 ? [] : ['名称须为 1-50 个字'];
}

/** The paths the settings screen has forms for, each with its validation. */
export const SETTINGS_VALIDATORS: Record<string, (v: unknown) => string[]> = {
  systemNotify: validateSystemNotify,
  titleName: validateTitle,
  systemName: validateTitle,
  nutritiousmeals: validateNutritiousmeals,
  recipeConfig: validateRecipeConfig,
  [FOOD_LABEL_PATH]: validateFoodLabelConfig,
  // issue 27: the hosts the org's menu may embed (domain/menuUrl.ts)
  [FRAME_HOSTS_PATH]: (v) => { const problem = frameHostsProblem(v); return problem ? [problem] : []; },
  // issue 35: the support contacts the about screen shows every member
  [SUPPORT_CONTACTS_PATH]: supportContactsProblems,
};

function rejectIfInvalid(errors: string[]): void {
  if (errors.length) throw badRequest(`参数错误：${errors.slice(0, 5).join('；')}`);
}

/**
 * Issue 15: the settings screen saves through the documented PUT /v1/config/org (and /v2/config/org), so those
 * validate a settings path as /v1/config/settings does: the value the write leaves at the settings path (a dotted
 * path inside it is set into the stored object first) must pass that path's validation. Other paths stay free JSON.
 */
export async function checkSettingWrite(db: Parameters<typeof configRows>[0], target: { orgId: string; appId: string }, path: string, value: unknown): Promise<void> {
  const [top, ...rest] = path.split('.');
  if (top === SELF_REGISTRATION_PATH) {
    // issue 27: a yes or no, and never yes for the platform org (its sign-up stays closed whatever is stored)
    if (rest.length || typeof value !== 'boolean') throw badRequest(SELF_REGISTRATION_TEXT.notBoolean);
    const org = await db.selectFrom('orgs').select('kind').where('org_id', '=', target.orgId).executeTakeFirst();
    if (value && org && isPlatformOrg(org)) throw badRequest(SELF_REGISTRATION_TEXT.notForPlatform);
    return;
  }
  if (top === RECIPE_APPROVERS_PATH) {
    // issue 28: the recipe settings write it whole, with the roles and members checked; a path write keeps its shape
    const next = rest.length ? setIn((await configRows(db, target.orgId, target.appId)).get(top), rest, value) : value;
    const refusal = approverSettingRefusal(next);
    if (refusal) throw badRequest(refusal);
    return;
  }
  const validate = SETTINGS_VALIDATORS[top];
  if (!validate) return;
  const next = rest.length ? setIn((await configRows(db, target.orgId, target.appId)).get(top), rest, value) : value;
  rejectIfInvalid(validate(next));
}

/** A real calendar date YYYY-MM-DD. */
function isCalendarDate(s: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.toISOString().slice(0, 10) === s;
}

function requireProvider(request: FastifyRequest): void {
  // the holiday calendar is one for every org: the platform's (issue 16)
  if (!request.platform) throw forbidden('只有平台可以修改节假日');
}

interface HolidayBody { date: string; type: 0 | 1; name?: string }

export default async function settingsRoutes(app: FastifyInstance, ctx: ModuleContext) {
  const { db } = ctx;

  app.get('/v1/config/foodlabel', {
    config: { auth: 'orgApp' },
    schema: {
      tags, summary: 'The food-label field configuration of the current org-app (§3 defaults when unset; missing system fields completed)',
      response: { 200: envelopeSchema(anyObject) },
    },
  }, async (request, reply) => {
    await configETag(reply, db, request.orgApp!, FOOD_LABEL_PATH);
    const { [FOOD_LABEL_PATH]: stored } = await readConfig(db, request.orgApp!.orgId, request.orgApp!.appId, [FOOD_LABEL_PATH]);
    return ok({ ...foodLabelConfigOf(stored), isDefault: stored === null });
  });

  app.put<{ Body: Record<string, unknown> }>('/v1/config/foodlabel', {
    config: edit,
    schema: {
      tags, summary: 'Replace the food-label field configuration ({fields, saltConversionTip}); validated as §3 requires (If-Match: the ETag read, stale → 409)',
      body: {
        type: 'object', required: ['fields', 'saltConversionTip'],
        properties: { fields: { type: 'array', maxItems: 100 }, saltConversionTip: anyObject, panel: { type: 'string', maxLength: 32 } },
      },
      response: { 200: envelopeSchema(anyObject) },
    },
  }, async (request, reply) => {
    const { fields, saltConversionTip, panel } = request.body;
    // the GB 28050 panel (issue 30): absent keeps the 2011 "1+4"
    const value = { fields, saltConversionTip, ...(panel !== undefined && { panel }) };
    rejectIfInvalid(validateFoodLabelConfig(value));
    const read = clientVersion(request);
    await runDecisions(db, (tx) => writeConfig(tx, request, ctx.clock(), request.orgApp!, FOOD_LABEL_PATH, value, read), read === undefined);
    await configETag(reply, db, request.orgApp!, FOOD_LABEL_PATH);
    return ok({ ...foodLabelConfigOf(value), isDefault: false });
  });

  app.delete('/v1/config/foodlabel', {
    config: edit,
    schema: { tags, summary: 'Reset the food-label field configuration to the §3 defaults (If-Match: the ETag read, stale → 409)', response: { 200: envelopeSchema(anyObject) } },
  }, async (request, reply) => {
    const value = defaultFoodLabelConfig();
    const read = clientVersion(request);
    await runDecisions(db, (tx) => writeConfig(tx, request, ctx.clock(), request.orgApp!, FOOD_LABEL_PATH, value, read), read === undefined);
    await configETag(reply, db, request.orgApp!, FOOD_LABEL_PATH);
    return ok({ ...value, isDefault: true });
  });

  app.put<{ Body: { path: string; value: unknown } }>('/v1/config/settings', {
    config: edit,
    schema: {
      tags, summary: 'Set one of the settings-form paths (systemNotify, titleName, systemName, nutritiousmeals, recipeConfig, foodLabelConfig) with validation (If-Match: the ETag of GET /v1/config/org?path=…, stale → 409)',
      body: {
        type: 'object', additionalProperties: false, required: ['path', 'value'],
        properties: { path: { type: 'string', enum: Object.keys(SETTINGS_VALIDATORS) }, value: {} },
      },
      response: { 200: envelopeSchema(anyObject) },
    },
  }, async (request, reply) => {
    const { path, value } = request.body;
    rejectIfInvalid(SETTINGS_VALIDATORS[path](value));
    const read = clientVersion(request);
    await runDecisions(db, (tx) => writeConfig(tx, request, ctx.clock(), request.orgApp!, path, value, read), read === undefined);
    await configETag(reply, db, request.orgApp!, path);
    return ok(await readConfig(db, request.orgApp!.orgId, request.orgApp!.appId, [path]));
  });

  // --- holidays (global calendar; system providers only) ---

  const holidayBody = {
    type: 'object', additionalProperties: false, required: ['date', 'type'],
    properties: {
      date: { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}$', description: 'YYYY-MM-DD' },
      type: { type: 'integer', enum: [0, 1], description: '1 holiday, 0 make-up working day' },
      name: { type: 'string', maxLength: 50 },
    },
  } as const;
  const holidayRow = { type: 'object', properties: { date: { type: 'string' }, type: { type: 'integer' }, name: { type: 'string' }, version: { type: 'integer' } } } as const;
  /** the date as listed, with its version */
  const holidayOf = async (date: string) => {
    const r = await db.selectFrom('holidays').select(['date', 'type', 'name', 'version']).where('date', '=', date).executeTakeFirstOrThrow();
    return { date: String(r.date), type: r.type, name: r.name, version: r.version };
  };

  /**
   * Every calendar change: the holiday decider on the year's stream (the platform's). A change or removal may name
   * the version of the date read (body `version` or If-Match): the year's stream is locked, and a date changed since
   * is a 409 naming who changed it; a change to another date of the year is not (docs/versions.md).
   */
  const holidayCommand = (request: FastifyRequest, command: HolidayCommand) => {
    const read = command.type === 'AddHoliday' ? undefined : clientVersion(request);
    const streamId = streams.holidays(command.date.slice(0, 4));
    return runDecisions(db, async (tx) => {
      if (read !== undefined) {
        await tx.selectFrom('streams').select('stream_position').where('org_id', '=', SYSTEM_ORG).where('stream_id', '=', streamId).forUpdate().executeTakeFirst();
        const row = await tx.selectFrom('holidays').select('version').where('date', '=', command.date).executeTakeFirst();
        if (row && row.version !== read) throw await staleRecord(tx, SYSTEM_ORG, streamId, row.version);
      }
      return decideAndAppend(tx, { orgId: SYSTEM_ORG, streamId, streamType: 'holidays', decider: holidayDecider, command, meta: metaOf(request, ctx.clock()) });
    }, read === undefined);
  };
  const holidayVersion = { type: 'integer', minimum: 0, description: 'changes: the version of the date read (a stale one is refused with 409)' } as const;

  const checkDate = (date: string) => {
    if (!isCalendarDate(date)) throw badRequest(`参数错误：日期不存在 ${date}`);
  };

  app.post<{ Body: HolidayBody }>('/v1/datetime/holidays', {
    config: { auth: 'orgApp', guard: requireProvider },
    schema: { tags: ['datetime'], summary: 'Add a holiday (type 1) or make-up working day (type 0); system providers only', body: holidayBody, response: { 200: envelopeSchema(holidayRow) } },
  }, async (request) => {
    const { date, type, name = '' } = request.body;
    checkDate(date);
    await holidayCommand(request, { type: 'AddHoliday', date, dayType: type, name });
    return ok(await holidayOf(date));
  });

  app.put<{ Body: HolidayBody }>('/v1/datetime/holidays', {
    config: { auth: 'orgApp', guard: requireProvider },
    schema: {
      tags: ['datetime'], summary: 'Change the type or name of a listed date; system providers only (`version` or If-Match: the version read, stale → 409)',
      body: { ...holidayBody, properties: { ...holidayBody.properties, version: holidayVersion } }, response: { 200: envelopeSchema(holidayRow) },
    },
  }, async (request) => {
    const { date, type, name } = request.body;
    checkDate(date);
    await holidayCommand(request, { type: 'ChangeHoliday', date, dayType: type, name });
    return ok(await holidayOf(date));
  });

  app.delete<{ Body: { date: string } }>('/v1/datetime/holidays', {
    config: { auth: 'orgApp', guard: requireProvider },
    schema: {
      tags: ['datetime'], summary: 'Remove a listed date from the calendar; system providers only (`version` or If-Match: the version read, stale → 409)',
      body: { type: 'object', additionalProperties: false, required: ['date'], properties: { date: holidayBody.properties.date, version: holidayVersion } },
      response: { 200: envelopeSchema({ type: 'object', properties: { date: { type: 'string' } } }) },
    },
  }, async (request) => {
    const { date } = request.body;
    checkDate(date);
    await holidayCommand(request, { type: 'RemoveHoliday', date });
    return ok({ date });
  });
}
