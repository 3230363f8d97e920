// A machine as a diagram (issue 3): nodes and edges from `toDirectedGraph` (xstate/graph), laid out by
// elkjs (layered, hierarchical: compound nodes hold their children). Pure data; the page draws it as SVG.
import ELK from 'elkjs/lib/elk.bundled.js';
import type { ElkExtendedEdge, ElkNode } from 'elkjs/lib/elk-api';
import type { AnyStateMachine, AnyStateNode, AnyTransitionDefinition } from 'xstate';
import { toDirectedGraph, type DirectedGraphNode } from 'xstate/graph';

export interface ChartNode {
  /** the state node id, e.g. 'session.signedIn.active' */
  id: string;
  /** the state's key, e.g. 'active' */
  label: string;
  /** the state value path from the machine root, e.g. ['signedIn', 'active'] */
  path: string[];
  kind: 'atomic' | 'compound' | 'parallel' | 'final' | 'history';
  initial: boolean;
  /** transitions that stay in this state (no target, or back to itself): listed inside it */
  internal: string[];
  x: number;
  y: number;
  width: number;
  height: number;
  children: ChartNode[];
}

export interface ChartEdge {
  id: string;
  source: string;
  target: string;
  label: string;
  points: { x: number; y: number }[];
  labelX: number;
  labelY: number;
  labelWidth: number;
}

export interface Chart {
  machineId: string;
  width: number;
  height: number;
  /** transitions of the machine root (accepted in every state) */
  rootTransitions: string[];
  nodes: ChartNode[];
  edges: ChartEdge[];
}

const CHAR_W = 6.6;
const LINE_H = 14;
const HEADER = 24;
const PAD = 12;

/** 'xstate.done.actor.0.session.signingIn' → 'done: login'; guards in brackets: 'SESSION_LOST [losesSession]'. */
export function transitionLabel(t: AnyTransitionDefinition): string {
  const type = t.eventType;
  let name = type;
  if (type === '') name = 'always';
  else if (type.startsWith('xstate.done.actor.')) name = `done: ${invokeSrc(t.source, type.slice('xstate.done.actor.'.length))}`;
  else if (type.startsWith('xstate.error.actor.')) name = `error: ${invokeSrc(t.source, type.slice('xstate.error.actor.'.length))}`;
  else if (type.startsWith('xstate.after.')) name = `after ${type.slice('xstate.after.'.length).split('.')[0]}`;
  const guard = t.guard;
  const guardName = !guard ? '' : typeof guard === 'string' ? guard : typeof guard === 'object' && 'type' in guard ? String(guard.type) : 'guard';
  return guardName ? `${name} [${guardName}]` : name;
}

function invokeSrc(node: AnyStateNode, invokeId: string): string {
  const def = node.invoke.find((i) => i.id === invokeId);
  return typeof def?.src === 'string' ? def.src : invokeId;
}

function pathOf(node: AnyStateNode): string[] {
  return node.path;
}

interface Collected {
  elk: ElkNode;
  node: Omit<ChartNode, 'x' | 'y' | 'width' | 'height' | 'children'> & { children: Collected[] };
}

/** Every transition of a state node, `always` included (toDirectedGraph leaves eventless ones out). */
function transitionsOf(node: AnyStateNode): AnyTransitionDefinition[] {
  return [...node.transitions.values()].flat().concat(node.always ?? []);
}

function textWidth(lines: string[]): number {
  return Math.max(0, ...lines.map((l) => l.length * CHAR_W));
}

/** Nodes and edges of the machine, not laid out yet (exported for tests). */
export function chartGraph(machine: AnyStateMachine): { root: ElkNode; rootTransitions: string[]; meta: Map<string, Collected['node']> } {
  const graph: DirectedGraphNode = toDirectedGraph(machine);
  const meta = new Map<string, Collected['node']>();
  const edges: ElkExtendedEdge[] = [];
  const rootNode = graph.stateNode as AnyStateNode;
  const rootTransitions: string[] = [];

  const describe = (t: AnyTransitionDefinition): { targets: AnyStateNode[]; label: string } => ({
    targets: (t.target ?? []) as AnyStateNode[],
    label: transitionLabel(t),
  });

  const visit = (g: DirectedGraphNode): ElkNode => {
    const sn = g.stateNode as AnyStateNode;
    const internal: string[] = [];
    for (const t of transitionsOf(sn)) {
      const { targets, label } = describe(t);
      if (targets.length === 0 || targets.every((x) => x === sn)) {
        internal.push(label);
        continue;
      }
      for (const target of targets) {
        edges.push({ id: `e${edges.length}`, sources: [sn.id], targets: [target.id], labels: [{ text: label, width: label.length * CHAR_W, height: LINE_H }] });
      }
    }
    const children = g.children.map(visit);
    const label = sn.key;
    const parent = sn.parent;
    const kind: ChartNode['kind'] = sn.type === 'final' ? 'final' : sn.type === 'history' ? 'history' : sn.type === 'parallel' ? 'parallel' : children.length ? 'compound' : 'atomic';
    meta.set(sn.id, {
      id: sn.id,
      label,
      path: pathOf(sn),
      kind,
      initial: Boolean(parent && parent.type === 'compound' && parent.initial?.target?.includes(sn)),
      internal,
      children: [],
    });
    const bodyLines = internal.length;
    const minW = Math.max(90, textWidth([label]) + 2 * PAD, textWidth(internal) + 2 * PAD);
    const minH = HEADER + bodyLines * LINE_H + (bodyLines ? 6 : 4);
    if (children.length) {
      return {
        id: sn.id,
        children,
        layoutOptions: {
          'elk.padding': `[top=${HEADER + bodyLines * LINE_H + 8},left=${PAD},bottom=${PAD},right=${PAD}]`,
          'elk.nodeSize.constraints': 'MINIMUM_SIZE',
          'elk.nodeSize.minimum': `(${minW}, ${minH})`,
        },
      };
    }
    return { id: sn.id, width: minW, height: Math.max(36, minH) };
  };

  // the root's own transitions are accepted in every state: a caption, plus edges to their targets
  const top = graph.children.map(visit);
  for (const t of transitionsOf(rootNode)) {
    const { targets, label } = describe(t);
    const names = targets.filter((x) => x !== rootNode).map((x) => x.path.join('.'));
    rootTransitions.push(names.length ? `${label} → ${names.join(', ')}` : label);
  }

  const root: ElkNode = {
    id: '__root',
    layoutOptions: {
      'elk.algorithm': 'layered',
      'elk.direction': 'RIGHT',
      'elk.hierarchyHandling': 'INCLUDE_CHILDREN',
      'elk.edgeRouting': 'POLYLINE',
      'elk.layered.spacing.nodeNodeBetweenLayers': '60',
      'elk.spacing.nodeNode': '28',
      'elk.spacing.edgeLabel': '4',
      'elk.edgeLabels.inline': 'false',
      'elk.padding': '[top=12,left=12,bottom=12,right=12]',
    },
    children: top,
    edges,
  };
  return { root, rootTransitions, meta };
}

let elk: InstanceType<typeof ELK> | null = null;

/** Lays a machine out (elkjs runs in this thread: nothing is fetched, no worker file is loaded). */
export async function layoutMachine(machine: AnyStateMachine): Promise<Chart> {
  elk ??= new ELK();
  const { root, rootTransitions, meta } = chartGraph(machine);
  const laid = await elk.layout(root);

  // absolute positions of every node (ELK gives them relative to the parent)
  const abs = new Map<string, { x: number; y: number }>();
  abs.set('__root', { x: 0, y: 0 });
  const toChart = (n: ElkNode, ox: number, oy: number): ChartNode => {
    const x = ox + (n.x ?? 0);
    const y = oy + (n.y ?? 0);
    abs.set(n.id, { x, y });
    const m = meta.get(n.id)!;
    return { ...m, x, y, width: n.width ?? 0, height: n.height ?? 0, children: (n.children ?? []).map((c) => toChart(c, x, y)) };
  };
  const nodes = (laid.children ?? []).map((c) => toChart(c, 0, 0));

  const edges: ChartEdge[] = (laid.edges ?? []).map((e) => {
    const ext = e as ElkExtendedEdge & { container?: string };
    const off = abs.get(ext.container ?? '__root') ?? { x: 0, y: 0 };
    const points: { x: number; y: number }[] = [];
    for (const s of ext.sections ?? []) {
      points.push({ x: s.startPoint.x + off.x, y: s.startPoint.y + off.y });
      for (const b of s.bendPoints ?? []) points.push({ x: b.x + off.x, y: b.y + off.y });
      points.push({ x: s.endPoint.x + off.x, y: s.endPoint.y + off.y });
    }
    const label = ext.labels?.[0];
    const mid = points[Math.floor(points.length / 2)] ?? { x: 0, y: 0 };
    return {
      id: ext.id,
      source: ext.sources[0],
      target: ext.targets[0],
      label: label?.text ?? '',
      points,
      labelX: label?.x !== undefined ? label.x + off.x : mid.x,
      labelY: label?.y !== undefined ? label.y + off.y : mid.y,
      labelWidth: label?.width ?? 0,
    };
  });
  return { machineId: machine.id, width: laid.width ?? 0, height: laid.height ?? 0, rootTransitions, nodes, edges };
}

/** The paths (joined by '.') of the state nodes a state value is in: { signedIn: 'active' } → signedIn, signedIn.active. */
export function activePaths(value: unknown): Set<string> {
  const out = new Set<string>();
  const walk = (prefix: string[], v: unknown) => {
    if (typeof v === 'string') {
      out.add([...prefix, v].join('.'));
      return;
    }
    if (v && typeof v === 'object') {
      for (const [k, child] of Object.entries(v)) {
        out.add([...prefix, k].join('.'));
        walk([...prefix, k], child);
      }
    }
  };
  walk([], value);
  return out;
}
