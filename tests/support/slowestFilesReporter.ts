// Prints the ten slowest test files at the end of every run, beside the default reporter (issue 32): where the
// suite's time goes, so a new slow file is seen the day it lands. A file's time is what it cost its worker:
// preparing the runner, importing the file and what it imports (collect), setup files, and every test and hook.
// Then each project's span on the wall clock, from the run's start (global setups included) to its first file
// sent to a worker and its last file's end: which project ends the run, and how long it ran alone.
import type { Reporter, TestModule } from 'vitest/node';

const SHOWN = 10;

export default class SlowestFilesReporter implements Reporter {
  // the run's start: the reporter is made when vitest starts, before the global setups (the database, Chromium)
  private readonly runStart = Date.now();
  private readonly spans = new Map<string, { first: number; last: number; files: number }>();

  onTestModuleQueued(m: TestModule): void {
    const span = this.spans.get(m.project.name);
    if (span) span.files += 1;
    else this.spans.set(m.project.name, { first: Date.now(), last: Date.now(), files: 1 });
  }

  onTestModuleEnd(m: TestModule): void {
    const span = this.spans.get(m.project.name);
    if (span) span.last = Math.max(span.last, Date.now());
  }

  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    const t = (ms: number) => `${(ms / 1000).toFixed(1)}s`;
    const spans = [...this.spans].map(([name, s]) => `   ${name.padEnd(5)} ${String(s.files).padStart(4)} files  ${t(s.first - this.runStart).padStart(7)} → ${t(s.last - this.runStart).padStart(7)}  (${t(s.last - s.first)})`);
    if (spans.length) process.stdout.write(`\n Projects on the wall clock (from the run's start, ${t(Date.now() - this.runStart)} ago)\n${spans.join('\n')}\n`);
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
