// §7 form service: the custom-table item calls the recipe user limit needs (issue 9), for the tables
// mallRecipeCycleOrgAllowlist, whiteList and mallRecipeCycleUserLimite. Queries as §7 names them: tableId, appId,
// orgId, formData.userphoneNumber, isDelete ('0$n' = not deleted), $select formData, $limit.
import { Type, type Static } from 'typebox';
import { endpoint } from './endpoint.ts';
import { List, Version } from './common.ts';
import { PAGE } from '../domain/constants.ts';

const tags = ['form'];
const Id = Type.String({ minLength: 1, maxLength: 128 });
const FormData = Type.Record(Type.String(), Type.Unknown());

export const FormItem = Type.Object({
  itemId: Type.String(),
  tableId: Type.String(),
  orgId: Type.String(),
  appId: Type.String(),
  formData: FormData,
  isDelete: Type.Integer(),
  createdAt: Type.String(),
  updatedAt: Type.String(),
  /** the version of the item's stream: an update or delete sends it back (issue 31) */
  version: Type.Integer(),
});
export type FormItem = Static<typeof FormItem>;

export const FormItemQuery = Type.Object({
  tableId: Type.Optional(Type.String({ maxLength: 128 })),
  appId: Type.Optional(Type.String({ maxLength: 128 })),
  orgId: Type.Optional(Type.String({ maxLength: 128 })),
  'formData.userphoneNumber': Type.Optional(Type.String({ maxLength: 20 })),
  'formData.orgId': Type.Optional(Type.String({ maxLength: 128 })),
  /** '0$n': live items only (the default); '1': deleted ones */
  isDelete: Type.Optional(Type.String({ maxLength: 5 })),
  $limit: Type.Optional(Type.Integer({ minimum: 0, maximum: PAGE.allowlist[2] })),
  $skip: Type.Optional(Type.Integer({ minimum: 0 })),
});
export type FormItemQuery = Static<typeof FormItemQuery>;

export const FormItemInput = Type.Object({
  formData: FormData,
  /** the org the item is about (the user tables; default the current org); an allowlist item is about formData.orgId */
  orgId: Type.Optional(Id),
}, { additionalProperties: false });
export type FormItemInput = Static<typeof FormItemInput>;
export const FormItemChange = Type.Object({ formData: FormData, version: Type.Optional(Version) }, { additionalProperties: false });
export type FormItemChange = Static<typeof FormItemChange>;
export const FormItemRemove = Type.Object({
  itemId: Type.Optional(Type.Union([Type.Array(Type.String({ maxLength: 128 }), { maxItems: 1000 }), Type.String({ maxLength: 128 })])),
  /** the version read of each item, in the order of itemId (issue 31): a stale one refuses the whole delete with 409 */
  versions: Type.Optional(Type.Array(Version, { maxItems: 1000 })),
  roleName: Type.Optional(Type.String({ maxLength: 100 })),
  orgId: Type.Optional(Id),
}, { additionalProperties: false });
export type FormItemRemove = Static<typeof FormItemRemove>;

const TableParams = Type.Object({ tableId: Type.String({ minLength: 1, maxLength: 128 }) });

export const listFormItems = endpoint({
  method: 'GET', path: '/v1/form/table/item', tags, querystring: FormItemQuery, response: List(FormItem),
  summary: 'Items of a custom table (tableId required: 参数错误); members read their org\'s, the platform any org\'s',
});
export const createFormItem = endpoint({
  method: 'POST', path: '/v1/form/table/{tableId}/item', tags, params: TableParams, body: FormItemInput, response: FormItem,
  summary: 'Add an item to a recipe-limit table (the platform only)',
});
export const updateFormItem = endpoint({
  method: 'PUT', path: '/v1/form/table/{tableId}/item/{itemId}', tags, params: Type.Object({ tableId: TableParams.properties.tableId, itemId: Id }),
  body: FormItemChange, response: FormItem,
  summary: 'Change an item\'s form data (the platform only; `version` or If-Match: the version read, stale → 409)',
});
export const deleteFormItems = endpoint({
  method: 'DELETE', path: '/v1/form/table/{tableId}/item', tags, params: TableParams, body: FormItemRemove, response: Type.Object({ count: Type.Integer() }),
  summary: 'Delete items by itemId list (optional orgId; the platform only; versions: the version read of each, stale → 409); an empty list: 参数错误',
});
