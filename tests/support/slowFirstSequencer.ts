// The order files start in (issue 32): the slowest first, so the end of each project is short files spread over
// its workers, not one long file running alone. Vitest orders by its own results cache (durations of the last run
// on this machine), but a clean clone has none: it then starts the biggest files (in bytes) first, and the slowest
// ones are small (the four badInput shards, orgAdminMenu, modelPaths) and started last, each a tail of a minute.
// KNOWN_SECONDS keeps what the slowest files took in a full run; the cache, where there is one, wins over it.
import fs from 'node:fs';
import path from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * project:file → seconds, from the slowest-files list of full runs (tests/support/slowestFilesReporter.ts prints
 * it): e2e from the last clean CI run, api from a loaded full run (only the order within a project matters).
 * A file missing here runs after these, biggest first; add a file here when it shows up in that list.
 */
export const KNOWN_SECONDS: Readonly<Record<string, number>> = {
  'api:tests/api/routeGuards.test.ts': 155,
  'api:tests/api/orderReportRollup.test.ts': 87,
  'api:tests/api/mallImport.test.ts': 73,
  'api:tests/api/passportFlows.test.ts': 66,
  'api:tests/api/mallSurvey.test.ts': 64,
  // issue 35: org creations of the unit import, one transaction each
  'api:tests/api/supermarketsUnitsPlans.test.ts': 40,
  'api:tests/api/badInput/shard1.test.ts': 57,
  'api:tests/api/badInput/shard2.test.ts': 57,
  'api:tests/api/badInput/shard3.test.ts': 57,
  'api:tests/api/badInput/shard4.test.ts': 57,
  'api:tests/api/fruitMall.test.ts': 36,
  // issue 34: one server each, many sign-ins by SMS (captcha, code, sign-in) in their set-up
  'api:tests/api/storefrontAccess.test.ts': 20,
  'api:tests/api/storefrontContent.test.ts': 19,
  'e2e:tests/e2e/orgAdminMenu.test.ts': 71,
  'e2e:tests/e2e/modelPaths.test.ts': 61,
  'e2e:tests/e2e/phoneShell.test.ts': 60,
  'e2e:tests/e2e/orderStory.test.ts': 60,
  'e2e:tests/e2e/fruitMall.test.ts': 43,
  'e2e:tests/e2e/catalogue.test.ts': 36,
  'e2e:tests/e2e/contacts.test.ts': 35,
  'e2e:tests/e2e/userAccounts.test.ts': 31,
  'e2e:tests/e2e/orders.test.ts': 31,
  'e2e:tests/e2e/settings.test.ts': 25,
  'e2e:tests/e2e/localeScan.test.ts': 25,
};

export default class SlowFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const root = this.ctx.config.root;
    const key = (f: TestSpecification) => `${f.project.name}:${path.relative(root, f.moduleId).split(path.sep).join('/')}`;
    const expectedMs = (f: TestSpecification): number | undefined => {
      const cached = this.ctx.cache.getFileTestResults(key(f));
      if (cached && !cached.failed) return cached.duration;
      const known = KNOWN_SECONDS[key(f)];
      return known === undefined ? undefined : known * 1000;
    };
    const size = (f: TestSpecification) => {
      try {
        return fs.statSync(f.moduleId).size;
      } catch {
        return 0;
      }
    };
    return [...files].sort((a, b) => {
      // projects one after the other, in their groupOrder, as vitest's own sequencer keeps them
      const group = a.project.config.sequence.groupOrder - b.project.config.sequence.groupOrder;
      if (group !== 0) return group;
      if (a.project.name !== b.project.name) return a.project.name < b.project.name ? -1 : 1;
      const [ea, eb] = [expectedMs(a), expectedMs(b)];
      if (ea !== undefined && eb !== undefined) return eb - ea;
      if (ea !== undefined) return -1;
      if (eb !== undefined) return 1;
      return size(b) - size(a);
    });
  }
}
