// The server's solver runs HiGHS in a worker thread: answers come back by message, in order, and a model HiGHS
// cannot read fails that solve only (the next one still runs).
import { describe, expect, it } from 'vitest';
import { lpSolve } from '../../../server/solver/lpSolver.ts';

const lp = (rhs: number) => `Minimize\n obj: + 2 x + 3 y\nSubject To\n c1: + 1 x + 1 y >= ${rhs}\n c2: + 1 x - 1 y <= 2\nBounds\n 0 <= x <= 100\n 0 <= y <= 100\nEnd`;

describe('lpSolve (HiGHS in a worker thread)', () => {
  it('solves queued models in order', async () => {
    // x + y ≥ r, x − y ≤ 2, cost 2x + 3y: x = (r + 2) / 2, y = (r − 2) / 2
    const [a, b] = await Promise.all([lpSolve(lp(10), { time_limit: 5 }), lpSolve(lp(20), { time_limit: 5 })]);
    expect(a.Status).toBe('Optimal');
    expect(a.Columns.x?.Primal).toBeCloseTo(6, 6);
    expect(b.Columns.y?.Primal).toBeCloseTo(9, 6);
    expect(b.ObjectiveValue).toBeCloseTo(2 * 11 + 3 * 9, 6);
  });

  it('reports infeasibility as a status; a model it cannot read fails that solve only', async () => {
    expect((await lpSolve(lp(300), { time_limit: 5 })).Status).toBe('Infeasible');
    const bad = await Promise.resolve(lpSolve('this is not a model', { time_limit: 5 })).then((s) => s.Status, (e: Error) => e.message);
    expect(bad).not.toBe('Optimal');
    expect((await lpSolve(lp(10), { time_limit: 5 })).Status).toBe('Optimal');
  });
});
