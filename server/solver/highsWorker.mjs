// HiGHS (WebAssembly) in a worker thread (issue 10, smart meal allocation): a solve blocks the thread it runs on for
// up to its time limit, so it never runs on the server's event loop. Plain JavaScript, so the thread starts the same
// under tsx, the test runner and production. One message in, one out: {id, lp, options} → {id, solution} | {id, error}.
import { parentPort } from 'node:worker_threads';
import loadHighs from 'highs';

const highs = await loadHighs();
parentPort.on('message', ({ id, lp, options }) => {
  try {
    parentPort.postMessage({ id, solution: highs.solve(lp, options) });
  } catch (e) {
    parentPort.postMessage({ id, error: e instanceof Error ? e.message : String(e) });
  }
});
