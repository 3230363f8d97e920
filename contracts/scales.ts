// §2 mallElectronicWeightManage 电子秤管理 (issue 11): the scales a school registers for receiving on a scale.
// §7 names no call for it; these follow the mall host's shape (`/v4/mall/…`, lists as `{rows, count}`). The rules
// of the fields and of weighing are domain/scale.ts's; every write is the scale decider (domain/aggregates/scale.ts).
import { Type, type Static } from 'typebox';
import { endpoint } from './endpoint.ts';
import { IdParams, Removed, Version } from './common.ts';
import { SCALE_LIMITS, type ScaleProtocol as DomainProtocol, type ToleranceKind as DomainKind } from '../domain/scale.ts';

const tags = ['orders'];

export const ScaleProtocol = Type.Union([Type.Literal('mettlerContinuous'), Type.Literal('asciiStGs'), Type.Literal('simulated')]);
export const ToleranceKind = Type.Union([Type.Literal('percent'), Type.Literal('grams')]);
// spelled out (a mapped array loses the literal types); this keeps them equal to domain's lists
const _sameLists: [DomainProtocol, DomainKind] extends [Static<typeof ScaleProtocol>, Static<typeof ToleranceKind>]
  ? ([Static<typeof ScaleProtocol>, Static<typeof ToleranceKind>] extends [DomainProtocol, DomainKind] ? true : never) : never = true;

/**
 * A scale's fields. Numbers are any number to the schema, so the decider says what is wrong in its own words
 * (a baud rate the scales do not offer, a tolerance beyond 50 % or with too many decimals).
 */
const fields = {
  name: Type.String({ maxLength: 200 }),
  /** the scale's make and model, as on its plate */
  model: Type.String({ maxLength: 200 }),
  protocol: ScaleProtocol,
  /** serial speed set in the scale's menu (1200 … 115200) */
  baudRate: Type.Integer(),
  /** percent of the ordered weight, or a fixed number of grams */
  toleranceKind: ToleranceKind,
  /** no type in the schema: a JSON null must not be coerced to a 0 tolerance (the decider checks it is a number) */
  tolerance: Type.Unsafe<number>({ description: 'a finite number: % (0–50, 2 decimals) or g (0–100000, 1 decimal)' }),
  enabled: Type.Boolean(),
};

export const ScaleInput = Type.Object({
  ...fields,
  model: Type.Optional(fields.model),
  baudRate: Type.Optional(fields.baudRate),
  enabled: Type.Optional(fields.enabled),
}, { additionalProperties: false });
export type ScaleInput = Static<typeof ScaleInput>;

/** A change: only the fields sent; `version` the one the client read (a change made meanwhile → 409). */
export const ScaleChange = Type.Object({
  name: Type.Optional(fields.name),
  model: Type.Optional(fields.model),
  protocol: Type.Optional(fields.protocol),
  baudRate: Type.Optional(fields.baudRate),
  toleranceKind: Type.Optional(fields.toleranceKind),
  tolerance: Type.Optional(fields.tolerance),
  enabled: Type.Optional(fields.enabled),
  version: Type.Optional(Version),
}, { additionalProperties: false });
export type ScaleChange = Static<typeof ScaleChange>;

export const Scale = Type.Object({
  id: Type.String(),
  orgId: Type.String(),
  ...fields,
  createdAt: Type.String(),
  updatedAt: Type.String(),
  version: Type.Integer(),
});
export type Scale = Static<typeof Scale>;

export const ScaleQuery = Type.Object({
  /** only the enabled ones (the receive dialog's picker) */
  enabled: Type.Optional(Type.Boolean()),
}, { additionalProperties: false });
export type ScaleQuery = Static<typeof ScaleQuery>;

export const ScaleList = Type.Object({ rows: Type.Array(Scale, { maxItems: SCALE_LIMITS.scales }), count: Type.Integer() });
export type ScaleList = Static<typeof ScaleList>;

const base = '/v4/mall/electronicweight';

export const listScales = endpoint({
  method: 'GET', path: base, tags, querystring: ScaleQuery, response: ScaleList,
  summary: 'The scales the caller\'s school registered (any member of a school; others get 403)',
});
export const createScale = endpoint({
  method: 'POST', path: base, tags, body: ScaleInput, response: Scale,
  summary: 'Register a scale for the caller\'s school (power mallElectronicWeightManage scaleManage)',
});
export const updateScale = endpoint({
  method: 'PUT', path: `${base}/{id}`, tags, params: IdParams, body: ScaleChange, response: Scale,
  summary: 'Change a scale of the caller\'s school; another org\'s scale is not found',
});
export const deleteScale = endpoint({
  method: 'DELETE', path: `${base}/{id}`, tags, params: IdParams, response: Removed,
  summary: 'Remove a scale of the caller\'s school (receipts weighed on it keep its name)',
});
