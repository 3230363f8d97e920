// Shared pieces of the contacts commands: one stream per org, decided by domain/aggregates/contacts.ts on the
// org's department tree and the rows of the persons named, read under the stream's lock (so a second writer
// waits for the first, and the checks made still hold when the events land); row-level errors for bulk requests.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Tx } from '../../store/eventStore.ts';
import { clientVersion, decideAndAppend, loadLocked, metaOf, runDecisions, staleRecord, type CommandResult } from '../../store/command.ts';
import type { Kysely } from 'kysely';
import type { Database } from '../../store/schema.ts';
import { HttpError } from '../../http/errors.ts';
import { refusalTexts } from '../../http/errorHandler.ts';
import { contactsDecider, CONTACTS_TEXT, refusedRows, type ContactsCommand, type ContactsEvent, type ContactsState, type Viewer } from '../../../domain/aggregates/contacts.ts';
import { scopeOf, type ContactsScope } from './scope.ts';

export { CONTACTS_TEXT };

export const contactsStream = (orgId: string) => `contacts-${orgId}`;

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
      // each row's message in the request's language too: the console lists them beside the rows of the file
      const text = refusalTexts(reply);
      const errors = e.errors.map((r) => ({ ...r, message: text(r.message) }));
      return reply.status(422).send({ status_code: 422, status_text: text(e.message), data: { errors } });
    }
    throw e;
  }
}

/** The version of one department or person an editor read (the row's `version`; docs/versions.md). */
export interface ReadVersion { kind: 'department' | 'person'; id: string; version: number }

/** The version a single-record request names: body `version` or If-Match; none: no check (§7 callers). */
export function readVersion(request: FastifyRequest, kind: ReadVersion['kind'], id: string): ReadVersion[] {
  const version = clientVersion(request);
  return version === undefined ? [] : [{ kind, id, version }];
}

/** Under the stream's lock: each record named must still be at the version read, else a 409 naming who changed it. */
async function checkVersions(tx: Tx, orgId: string, streamId: string, read: ReadVersion[]): Promise<void> {
  for (const kind of ['department', 'person'] as const) {
    const wanted = read.filter((r) => r.kind === kind);
    if (!wanted.length) continue;
    const rows = kind === 'department'
      ? await tx.selectFrom('contact_departments').select(['department_id as id', 'version']).where('org_id', '=', orgId).where('department_id', 'in', wanted.map((w) => w.id)).execute()
      : await tx.selectFrom('contact_persons').select(['user_id as id', 'version']).where('org_id', '=', orgId).where('user_id', 'in', wanted.map((w) => w.id)).execute();
    const now = new Map(rows.map((r) => [r.id, r.version]));
    // a record gone since is left to the decider (not found)
    const stale = wanted.find((w) => now.has(w.id) && now.get(w.id) !== w.version);
    if (stale) throw await staleRecord(tx, orgId, streamId, now.get(stale.id)!);
  }
}

export const viewerOf = (scope: ContactsScope): Viewer => ({ visible: scope.visible, roleNames: scope.roleNames, privileged: scope.privileged });

/** The persons and department links of these users, as the decider's state holds them. */
export async function personRowsOf(tx: Tx, orgId: string, userIds: string[]): Promise<Pick<ContactsState, 'persons' | 'links'>> {
  const persons = new Set<string>();
  const links = new Set<string>();
  const ids = [...new Set(userIds.filter(Boolean))];
  for (let i = 0; i < ids.length; i += 1000) {
    const part = ids.slice(i, i + 1000);
    const [p, l] = await Promise.all([
      tx.selectFrom('contact_persons').select('user_id').where('org_id', '=', orgId).where('user_id', 'in', part).execute(),
      tx.selectFrom('contact_person_departments').select(['user_id', 'department_id']).where('org_id', '=', orgId).where('user_id', 'in', part).execute(),
    ]);
    p.forEach((r) => persons.add(r.user_id));
    l.forEach((r) => links.add(`${r.user_id}/${r.department_id}`));
  }
  return { persons, links };
}

/**
 * One contacts command: the org's contacts stream locked, the user's scope (§6) and the department tree read
 * under the lock, then `build` makes the command from what was read (facts looked up in the same transaction)
 * and names the users whose person rows and links the state needs. A batch's
 * refused rows come back together as a RowErrorsFailure; a single command's refusal as its HTTP error.
 */
export function decideContacts(
  db: Kysely<Database>, request: FastifyRequest, now: Date,
  build: (tx: Tx, scope: ContactsScope) => Promise<{ command: ContactsCommand; userIds?: string[]; batch?: boolean }>,
  /** the versions the editor read of the records the command changes: a stale one is a 409 */
  read: ReadVersion[] = [],
): Promise<{ result: CommandResult<ContactsState, ContactsEvent>; loaded: ContactsState }> {
  const orgId = request.orgApp!.orgId;
  const streamId = contactsStream(orgId);
  return runDecisions(db, async (tx) => {
    let scope: ContactsScope | undefined;
    const tree = await loadLocked(tx, orgId, streamId, async () => (scope = await scopeOf(tx, request)));
    await checkVersions(tx, orgId, streamId, read);
    const { command, userIds = [], batch = false } = await build(tx, scope!);
    const state: ContactsState = { departments: tree.state.departments, ...await personRowsOf(tx, orgId, userIds) };
    if (batch) {
      const refused = refusedRows(command, state);
      if (refused.length) throw new RowErrorsFailure(refused.map((r) => ({ row: r.row, message: r.refusal.message })));
    }
    const result = await decideAndAppend(tx, {
      orgId, streamId, streamType: 'contacts', decider: contactsDecider, command, meta: metaOf(request, now),
      load: async () => ({ state, version: tree.version }),
    });
    return { result, loaded: state };
  }, read.length === 0);
}
