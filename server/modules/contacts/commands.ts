// Shared pieces of the contacts commands: one stream per org, one writer at a time per org (so the checks
// made before appending still hold when the events land), and row-level errors for bulk requests.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { appendToStream, type NewEvent, type Tx } from '../../store/eventStore.ts';
import { metaOf } from '../../store/command.ts';
import { HttpError } from '../../http/errors.ts';

export const contactsStream = (orgId: string) => `contacts-${orgId}`;

export const CONTACTS_TEXT = {
  needDepartment: '请指定查询的部门',
  personExists: '部门联系人已存在',
  departmentMissing: (id: string) => `部门不存在：${id}`,
  personMissing: (id: string) => `联系人不存在：${id}`,
  noCreatePermission: (name: string) => `没有在部门「${name}」下新建的权限`,
  duplicateName: (name: string) => `同级部门名称已存在：${name}`,
  cycle: '不能把部门移动到它自己或它的下级部门下',
  hasChildren: '请先删除下级部门',
  hasPersons: '部门下还有联系人，请先移除',
  badPhone: (p: string) => `手机号格式不正确：${p}`,
  duplicatePhone: (p: string) => `手机号重复：${p}`,
  emptyName: '姓名不能为空',
  emptyDepartmentName: '部门名称不能为空',
  noDepartment: '请选择联系人所在的部门',
  noUsers: '请指定联系人',
  limit: (n: number) => `机构用户数已达上限（${n}）`,
  parentAmbiguous: (name: string) => `上级部门名称不唯一：${name}`,
  rowErrors: (n: number, first: string) => `有 ${n} 行数据有误，未导入任何数据。第一处：${first}`,
} as const;

/** Serialises contact writes of one org: a second writer waits for the first to commit. */
export async function lockContacts(tx: Tx, orgId: string): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(hashtext(${'contacts:' + orgId}))`.execute(tx);
}

export async function appendContacts(tx: Tx, request: FastifyRequest, now: Date, events: NewEvent[]): Promise<void> {
  const orgId = request.orgApp!.orgId;
  await appendToStream(tx, { orgId, streamId: contactsStream(orgId), streamType: 'contacts', expectedVersion: 'any', events, meta: metaOf(request, now) });
}

export interface RowError { row: number; message: string }

/** Bulk input with errors: nothing is written, the caller gets every bad row. */
export class RowErrorsFailure extends HttpError {
  constructor(readonly errors: RowError[]) {
    super(422, CONTACTS_TEXT.rowErrors(errors.length, `第 ${errors[0].row + 1} 行：${errors[0].message}`));
  }
}

/** Runs a bulk command; row errors leave as a 422 envelope whose data lists them. */
export async function withRowErrors<T>(reply: FastifyReply, fn: () => Promise<T>): Promise<T | FastifyReply> {
  try {
    return await fn();
  } catch (e) {
    if (e instanceof RowErrorsFailure) {
      return reply.status(422).send({ status_code: 422, status_text: e.message, data: { errors: e.errors } });
    }
    throw e;
  }
}
