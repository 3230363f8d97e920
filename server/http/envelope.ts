// The response envelope of §7: {status_code, status_text, data}; 200 is the only success.
import type { Envelope, ListResult } from '../../domain/types.ts';

export function ok<T>(data: T, statusText = 'OK'): Envelope<T> {
  return { status_code: 200, status_text: statusText, data };
}

export function list<T>(rows: T[], count = rows.length): Envelope<ListResult<T>> {
  return ok({ rows, count });
}

export function failure(statusCode: number, statusText: string): Envelope<null> {
  return { status_code: statusCode, status_text: statusText, data: null };
}

/** JSON schema of an envelope around `data`, for route response schemas and the OpenAPI document. */
export function envelopeSchema(data: object = {}) {
  return {
    type: 'object',
    properties: { status_code: { type: 'integer' }, status_text: { type: 'string' }, data },
    required: ['status_code', 'status_text', 'data'],
  } as const;
}

export function listSchema(row: object = { type: 'object', additionalProperties: true }) {
  return envelopeSchema({
    type: 'object',
    properties: { rows: { type: 'array', items: row }, count: { type: 'integer' } },
    required: ['rows', 'count'],
  });
}
