// Walking the OpenAPI document (tests/api/badInput.test.ts, tests/api/rolelessMember.test.ts): the JSON schema shape
// its parameters and bodies use, and a value each schema accepts.

export type Schema = {
  type?: string | string[]; properties?: Record<string, Schema>; required?: string[]; items?: Schema; enum?: unknown[]; format?: string;
  minimum?: number; minLength?: number; minItems?: number; pattern?: string;
};

/** A value the schema accepts (undefined for a string with a pattern: no general way to make one). */
export function sample(s: Schema | undefined, depth = 0): unknown {
  if (!s || depth > 4) return 'x';
  if (s.enum?.length) return s.enum[0];
  const type = Array.isArray(s.type) ? s.type.find((t) => t !== 'null') : s.type;
  switch (type) {
    case 'integer': case 'number': return Math.max(1, s.minimum ?? 1);
    case 'boolean': return true;
    case 'array': return Array.from({ length: s.minItems ?? 0 }, () => sample(s.items, depth + 1));
    case 'object': return Object.fromEntries((s.required ?? []).map((k) => [k, sample(s.properties?.[k], depth + 1)]));
    default:
      if (s.format === 'date') return '2026-01-05';
      if (s.format === 'date-time') return '2026-01-05T08:00:00.000Z';
      if (s.pattern) return undefined;
      return 'x'.repeat(Math.max(1, s.minLength ?? 1));
  }
}
