// Schema pieces every module's contracts share: ids, names, flags, versions, paging, lists and row errors.
// Declared here once; a module adds only what is its own.
import { Type, type Static, type TSchema } from 'typebox';

/** An id sent by a client: a non-empty string of bounded length. */
export const Id = Type.String({ minLength: 1, maxLength: 128 });
/** Free text with no rule of its own (answers; requests give a maxLength). */
export const Text = Type.String();
/** A name a user types: not empty, bounded. */
export const Name = (maxLength = 100) => Type.String({ minLength: 1, maxLength });
/** §3 flags sent as 0/1. */
export const Flag = Type.Union([Type.Literal(0), Type.Literal(1)]);
/** An ISO-8601 instant. */
export const Instant = Type.String({ format: 'date-time' });
/**
 * The version of the aggregate the client read: sent back with a change (body `version` or `If-Match`), so a
 * change made meanwhile by someone else is refused with 409 instead of being overwritten.
 */
export const Version = Type.Integer({ minimum: 0 });

/** `$limit` / `$skip` paging of §7 lists (maximum: the list's own page limit). */
export const Paging = (maximum: number) => ({
  $limit: Type.Optional(Type.Integer({ minimum: 0, maximum })),
  $skip: Type.Optional(Type.Integer({ minimum: 0 })),
});

/** §7 list data: `{rows, count}` (count: all matching rows, not just this page). */
export const List = <T extends TSchema>(row: T) => Type.Object({ rows: Type.Array(row), count: Type.Integer() });
export type ListOf<T> = { rows: T[]; count: number };

/** `{id}` path parameter. */
export const IdParams = Type.Object({ id: Id });

/** What a delete answers: the id it removed. */
export const Removed = Type.Object({ id: Type.String() });

/** One refused row of a batch or an import: its 1-based row number and why. */
export const RowError = Type.Object({
  row: Type.Integer(),
  id: Type.Optional(Type.String()),
  skuId: Type.Optional(Type.String()),
  errors: Type.Array(Type.String()),
});
export type RowError = Static<typeof RowError>;
