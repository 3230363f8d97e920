// Runs the steps of `npm test` that do not depend on one another side by side (issue 32). The machine has two
// cores and no step keeps both busy: tsc, eslint and the console build are single-threaded most of their time, and
// the e2e files wait on Chromium and the server more than they compute, so the api files (and the checks) fill
// the cores they leave idle.
// Each command's output is held and printed as one block when it ends, with its time; a command given after
// `--live` prints as it goes instead (the longest step, so a run shows its progress), the others' blocks between
// its lines. The exit code is the first failure's (every command runs to its end, so one run shows every failing
// check).
//   node --import tsx scripts/parallel.ts "tsc --noEmit" "eslint ." --live "vite build && vitest run --project e2e"
import { spawn } from 'node:child_process';

const commands: { command: string; live: boolean }[] = [];
for (let i = 2; i < process.argv.length; i++) {
  const live = process.argv[i] === '--live';
  const command = live ? process.argv[++i] : process.argv[i];
  if (command) commands.push({ command, live });
}
if (!commands.length) {
  console.error('usage: parallel.ts "command" [--live] ["command" …]');
  process.exit(2);
}

const started = Date.now();
const results = await Promise.all(commands.map(({ command, live }) => new Promise<number>((resolve) => {
  const t0 = Date.now();
  const chunks: Buffer[] = [];
  if (live) process.stdout.write(`\n> ${command}  (started, printed as it goes)\n`);
  // a shell, as npm scripts use: node_modules/.bin is on the PATH npm gives us
  const child = spawn(command, { shell: true, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? (process.stdout.isTTY ? '1' : '0') } });
  // a live command's output goes out as it comes; a held block is one write, so it never splits its lines
  child.stdout.on('data', (c: Buffer) => (live ? process.stdout.write(c) : chunks.push(c)));
  child.stderr.on('data', (c: Buffer) => (live ? process.stderr.write(c) : chunks.push(c)));
  child.on('close', (code, signal) => {
    const status = code ?? (signal ? 1 : 0);
    const out = Buffer.concat(chunks).toString();
    process.stdout.write(`\n> ${command}  (${((Date.now() - t0) / 1000).toFixed(1)}s, ${status === 0 ? 'ok' : `exit ${status}`})\n${out}${out.endsWith('\n') || !out ? '' : '\n'}`);
    resolve(status);
  });
})));

process.stdout.write(`\n${commands.length} commands in ${((Date.now() - started) / 1000).toFixed(1)}s\n`);
process.exitCode = results.find((code) => code !== 0) ?? 0;
