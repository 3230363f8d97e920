// Every machine of the console laid out as a diagram (issue 3): states nested as in the machine,
// transitions labelled with events and guards.
import { describe, expect, it } from 'vitest';
import { activePaths, layoutMachine, type ChartNode } from '../../../src/inspector/chart.ts';
import { MACHINE_IDS, MACHINES } from '../../../src/inspector/replay.ts';

const flat = (nodes: ChartNode[]): ChartNode[] => nodes.flatMap((n) => [n, ...flat(n.children)]);

describe('statechart layout', () => {
  it.each(MACHINE_IDS)('lays out %s with every state and finite coordinates', async (id) => {
    const chart = await layoutMachine(MACHINES[id]);
    expect(chart.machineId).toBe(id);
    expect(chart.width).toBeGreaterThan(0);
    const nodes = flat(chart.nodes);
    expect(nodes.length).toBeGreaterThan(0);
    for (const n of nodes) {
      expect(Number.isFinite(n.x) && Number.isFinite(n.y) && n.width > 0 && n.height > 0, n.id).toBe(true);
      // children inside their parent
      for (const c of n.children) {
        expect(c.x >= n.x && c.y >= n.y && c.x + c.width <= n.x + n.width + 0.5 && c.y + c.height <= n.y + n.height + 0.5, c.id).toBe(true);
      }
    }
    for (const e of chart.edges) expect(e.points.length, e.id).toBeGreaterThanOrEqual(2);
  });

  it('nests and labels the session machine', async () => {
    const chart = await layoutMachine(MACHINES.session);
    const nodes = flat(chart.nodes);
    const signedIn = nodes.find((n) => n.path.join('.') === 'signedIn')!;
    expect(signedIn.kind).toBe('compound');
    expect(signedIn.children.map((c) => c.label)).toEqual(['active']);
    const labels = chart.edges.map((e) => e.label);
    expect(labels).toContain('LOGIN');
    expect(labels).toContain('done: login');
    expect(labels).toContain('always [expired]');
    expect(chart.rootTransitions).toContain('SESSION_LOST [losesSession] → signedOut');
    expect(nodes.find((n) => n.path.join('.') === 'signedIn.active')!.internal).toContain('after sessionExpiry');
  });

  it('names the active states of a value', () => {
    expect([...activePaths({ signedIn: 'active' })]).toEqual(['signedIn', 'signedIn.active']);
    expect([...activePaths('idle')]).toEqual(['idle']);
  });
});
