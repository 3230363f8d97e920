// Prints the ten slowest test files at the end of every run, beside the default reporter (issue 32): where the
// suite's time goes, so a new slow file is seen the day it lands. A file's time is what it cost its worker:
// preparing the runner, importing the file and what it imports (collect), setup files, and every test and hook.
import type { Reporter, TestModule } from 'vitest/node';

const SHOWN = 10;

export default class SlowestFilesReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    const rows = testModules.map((m) => {
      const d = m.diagnostic();
      const setup = d.environmentSetupDuration + d.prepareDuration + d.setupDuration;
      return { name: `${m.project.name} ${m.relativeModuleId}`, total: setup + d.collectDuration + d.duration, setup, collect: d.collectDuration, run: d.duration, tests: [...m.children.allTests()].length };
    });
    if (!rows.length) return;
    rows.sort((a, b) => b.total - a.total);
    const s = (ms: number) => `${(ms / 1000).toFixed(1)}s`.padStart(7);
    const lines = rows.slice(0, SHOWN).map((r) => `${s(r.total)}  (setup ${s(r.setup)}, import ${s(r.collect)}, tests+hooks ${s(r.run)})  ${String(r.tests).padStart(3)} tests  ${r.name}`);
    const sum = rows.reduce((acc, r) => acc + r.total, 0);
    process.stdout.write(`\n Slowest ${Math.min(SHOWN, rows.length)} of ${rows.length} test files (all files: ${(sum / 1000).toFixed(0)}s of worker time)\n${lines.map((l) => `   ${l}`).join('\n')}\n\n`);
  }
}
