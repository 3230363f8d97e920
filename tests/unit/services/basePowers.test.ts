// The console hides the base module's actions with the same power keys the server asks for (§6).
import { describe, expect, it } from 'vitest';
import { BASE_POWER } from '../../../server/modules/permissions/basePowers.ts';
import { POWER } from '../../../server/modules/permissions/powers.ts';
import { CONSOLE_BASE_POWER } from '../../../src/screens/base/contacts/basePowers.ts';

describe('base module power keys', () => {
  it('are the server\'s keys', () => {
    for (const [name, key] of Object.entries(CONSOLE_BASE_POWER)) expect(key, name).toBe({ ...POWER, ...BASE_POWER }[name as keyof typeof BASE_POWER]);
  });
});
