// The server's linear-programme solver (issue 10): HiGHS in one worker thread per process (server/solver/
// highsWorker.mjs), solves queued one at a time. Each solve carries HiGHS's own time limit; should the thread
// still not answer a second after it, the thread is ended and a fresh one started, and the solve reports the time
// limit as HiGHS would: the smart allocation's 5 s promise never rests on the solver keeping its word.
import { Worker } from 'node:worker_threads';
import type { LpSolution, LpSolve } from '../../domain/mealAllocation.ts';

const GRACE_MS = 1000;
let worker: Worker | null = null;
let nextId = 0;
const pending = new Map<number, { resolve: (s: LpSolution) => void; reject: (e: Error) => void }>();
let queue: Promise<unknown> = Promise.resolve();

function thread(): Worker {
  if (worker) return worker;
  const w = new Worker(new URL('./highsWorker.mjs', import.meta.url));
  w.on('message', (m: { id: number; solution?: LpSolution; error?: string }) => {
    const p = pending.get(m.id);
    if (!p) return;
    pending.delete(m.id);
    if (m.error !== undefined) p.reject(new Error(m.error)); else p.resolve(m.solution!);
  });
  const fail = (e: Error) => {
    if (worker === w) worker = null;
    for (const p of pending.values()) p.reject(e);
    pending.clear();
  };
  w.on('error', fail);
  w.on('exit', () => fail(new Error('the solver thread ended')));
  // the thread does not keep the process alive (tests and shutdown end without closing it)
  w.unref();
  worker = w;
  return w;
}

function solveOnce(lp: string, options: { time_limit: number; output_flag?: boolean }): Promise<LpSolution> {
  const w = thread();
  const id = nextId++;
  return new Promise<LpSolution>((resolve, reject) => {
    const timer = setTimeout(() => {
      pending.delete(id);
      if (worker === w) worker = null;
      void w.terminate();
      resolve({ Status: 'Time limit reached', ObjectiveValue: 0, Columns: {} });
    }, options.time_limit * 1000 + GRACE_MS);
    pending.set(id, {
      resolve: (s) => { clearTimeout(timer); resolve(s); },
      reject: (e) => { clearTimeout(timer); reject(e); },
    });
    w.postMessage({ id, lp, options });
  });
}

/** Solves a CPLEX LP text with HiGHS off the event loop; solves wait their turn. */
export const lpSolve: LpSolve = (lp, options) => {
  const run = queue.then(() => solveOnce(lp, options));
  queue = run.catch(() => undefined);
  return run;
};
