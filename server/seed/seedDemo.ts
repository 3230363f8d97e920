import type { Kysely } from 'kysely';
import type { Database } from '../store/schema.ts';

// Placeholder until the seed lands: seeds nothing and says so.
export async function seedDemo(_db: Kysely<Database>, _opts: { password: string; now: Date }): Promise<Record<string, number>> {
  return {};
}
