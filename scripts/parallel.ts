// Runs the checks of `npm test` that do not depend on one another side by side (issue 32): tsc, eslint and the
// console build are single-threaded for most of their time, so one after the other they left a core idle.
// Each command's output is held and printed as one block when it ends, with its time; the exit code is the first
// failure's (every command runs to its end, so one run shows every failing check).
//   node --import tsx scripts/parallel.ts "tsc --noEmit" "eslint ." "vite build"
import { spawn } from 'node:child_process';

const commands = process.argv.slice(2);
if (!commands.length) {
  console.error('usage: parallel.ts "command" ["command" …]');
  process.exit(2);
}

const started = Date.now();
const results = await Promise.all(commands.map((command) => new Promise<number>((resolve) => {
  const t0 = Date.now();
  const chunks: Buffer[] = [];
  // a shell, as npm scripts use: node_modules/.bin is on the PATH npm gives us
  const child = spawn(command, { shell: true, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? (process.stdout.isTTY ? '1' : '0') } });
  child.stdout.on('data', (c: Buffer) => chunks.push(c));
  child.stderr.on('data', (c: Buffer) => chunks.push(c));
  child.on('close', (code, signal) => {
    const status = code ?? (signal ? 1 : 0);
    const out = Buffer.concat(chunks).toString();
    process.stdout.write(`\n> ${command}  (${((Date.now() - t0) / 1000).toFixed(1)}s, ${status === 0 ? 'ok' : `exit ${status}`})\n${out}${out.endsWith('\n') || !out ? '' : '\n'}`);
    resolve(status);
  });
})));

process.stdout.write(`\n${commands.length} commands in ${((Date.now() - started) / 1000).toFixed(1)}s\n`);
process.exitCode = results.find((code) => code !== 0) ?? 0;
