// The suite's own file order (issue 32): on a clean clone, with no results cache, the slowest known files of a
// project start first, the rest biggest first, and projects keep their groupOrder.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { TestSpecification, Vitest } from 'vitest/node';
import SlowFirstSequencer from '../../support/slowFirstSequencer.ts';

const root = path.resolve('.');
const project = (name: string, groupOrder: number) => ({ name, config: { sequence: { groupOrder } } });
const spec = (p: ReturnType<typeof project>, file: string) => ({ project: p, moduleId: path.join(root, file) }) as unknown as TestSpecification;
const sequencer = (cached: Record<string, { duration: number; failed: boolean }> = {}) =>
  new SlowFirstSequencer({ config: { root }, cache: { getFileTestResults: (key: string) => cached[key] } } as unknown as Vitest);
const names = (files: TestSpecification[]) => files.map((f) => `${f.project.name}:${path.relative(root, f.moduleId)}`);

describe('the slow-first file order', () => {
  const api = project('api', 1);
  const e2e = project('e2e', 2);
  const files = [
    spec(e2e, 'tests/e2e/signInPrerender.test.ts'),
    spec(e2e, 'tests/e2e/orderStory.test.ts'),
    spec(api, 'tests/api/badInput/shard3.test.ts'),
    spec(e2e, 'tests/e2e/orgAdminMenu.test.ts'),
    spec(api, 'tests/api/passportFlows.test.ts'),
    spec(api, 'tests/api/routeGuards.test.ts'),
    spec(e2e, 'tests/e2e/menuNames.test.ts'),
  ];

  it('starts the known slow files first on a clean clone, the others biggest first, api before e2e', async () => {
    expect(names(await sequencer().sort(files))).toEqual([
      'api:tests/api/routeGuards.test.ts',
      'api:tests/api/badInput/shard3.test.ts',
      // not in the table (9 s in the last clean run)
      'api:tests/api/passportFlows.test.ts',
      'e2e:tests/e2e/orgAdminMenu.test.ts',
      'e2e:tests/e2e/orderStory.test.ts',
      // not in the table: signInPrerender.test.ts is the bigger file
      'e2e:tests/e2e/signInPrerender.test.ts',
      'e2e:tests/e2e/menuNames.test.ts',
    ]);
  });

  it("takes this machine's last durations over the table where it has them", async () => {
    const order = names(await sequencer({ 'e2e:tests/e2e/menuNames.test.ts': { duration: 200_000, failed: false } }).sort(files));
    expect(order.filter((n) => n.startsWith('e2e:'))[0]).toBe('e2e:tests/e2e/menuNames.test.ts');
  });
});
