import { useEffect, useState } from 'react';
import { makeStyles, Spinner, tokens } from '@fluentui/react-components';
import type { StateValue } from 'xstate';
import { activePaths, layoutMachine, type Chart, type ChartNode } from '../../inspector/chart.ts';
import { MACHINES } from '../../inspector/replay.ts';

const charts = new Map<string, Promise<Chart>>();
/** The laid-out diagram of a machine, computed once per page load. */
function chartOf(machineId: string): Promise<Chart> {
  let c = charts.get(machineId);
  if (!c) {
    c = layoutMachine(MACHINES[machineId]);
    charts.set(machineId, c);
  }
  return c;
}

const useStyles = makeStyles({
  scroll: { overflowX: 'auto', maxWidth: '100%' },
  svg: { display: 'block', fontFamily: tokens.fontFamilyBase, width: '100%', height: 'auto' },
  caption: { color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200, margin: `0 0 ${tokens.spacingVerticalS}` },
});

const LINE_H = 14;

function StateNode({ node, active }: { node: ChartNode; active: Set<string> }) {
  const key = node.path.join('.');
  const on = active.has(key);
  const compound = node.children.length > 0;
  return (
    <g data-state-path={key} data-active={on ? 'true' : 'false'}>
      <rect
        x={node.x}
        y={node.y}
        width={node.width}
        height={node.height}
        rx={8}
        ry={8}
        fill={on ? (compound ? tokens.colorBrandBackground2 : tokens.colorBrandBackground) : tokens.colorNeutralBackground1}
        stroke={on ? tokens.colorBrandStroke1 : node.kind === 'final' ? tokens.colorNeutralForeground1 : tokens.colorNeutralStroke1}
        strokeWidth={on ? 2.5 : node.kind === 'final' ? 2 : 1}
      />
      {node.initial && <circle cx={node.x + 8} cy={node.y + 12} r={3} fill={tokens.colorNeutralForeground2} />}
      <text
        x={node.x + 14}
        y={node.y + 16}
        fontSize={12}
        fontWeight={600}
        fill={on && !compound ? tokens.colorNeutralForegroundOnBrand : tokens.colorNeutralForeground1}
      >
        {node.label}
      </text>
      {node.internal.map((line, i) => (
        <text
          key={i}
          x={node.x + 14}
          y={node.y + 16 + (i + 1) * LINE_H}
          fontSize={10}
          fill={on && !compound ? tokens.colorNeutralForegroundOnBrand : tokens.colorNeutralForeground3}
        >
          {line}
        </text>
      ))}
      {node.children.map((c) => (
        <StateNode key={c.id} node={c} active={active} />
      ))}
    </g>
  );
}

/** One machine drawn as SVG; the states of `value` highlighted (none when null). */
export function StatechartDiagram({ machineId, value, rootLabel }: { machineId: string; value: StateValue | null; rootLabel: string }) {
  const styles = useStyles();
  const [chart, setChart] = useState<Chart | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let alive = true;
    chartOf(machineId).then(
      (c) => alive && setChart(c),
      (e: unknown) => alive && setError(e instanceof Error ? e.message : String(e)),
    );
    return () => {
      alive = false;
    };
  }, [machineId]);
  if (error) return <div role="alert">{error}</div>;
  if (!chart) return <Spinner size="tiny" />;
  const active = value === null ? new Set<string>() : activePaths(value);
  const marker = `arrow-${machineId}`;
  return (
    <div className={styles.scroll}>
      {chart.rootTransitions.length > 0 && (
        <p className={styles.caption}>
          {rootLabel} {chart.rootTransitions.join(' · ')}
        </p>
      )}
      <svg
        className={styles.svg}
        data-testid={`statechart-${machineId}`}
        style={{ maxWidth: `${Math.ceil(chart.width)}px` }}
        viewBox={`0 0 ${Math.ceil(chart.width)} ${Math.ceil(chart.height)}`}
        role="img"
        aria-label={machineId}
      >
        <defs>
          <marker id={marker} viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse">
            <path d="M 0 0 L 10 5 L 0 10 z" fill={tokens.colorNeutralForeground2} />
          </marker>
        </defs>
        {chart.nodes.map((n) => (
          <StateNode key={n.id} node={n} active={active} />
        ))}
        {chart.edges.map((e) => (
          <g key={e.id} data-edge={e.label}>
            <polyline
              points={e.points.map((p) => `${p.x},${p.y}`).join(' ')}
              fill="none"
              stroke={tokens.colorNeutralForeground3}
              strokeWidth={1}
              markerEnd={`url(#${marker})`}
            />
            <rect x={e.labelX - 1} y={e.labelY - 1} width={e.labelWidth + 2} height={LINE_H} fill={tokens.colorNeutralBackground1} opacity={0.85} />
            <text x={e.labelX} y={e.labelY + 10} fontSize={10} fill={tokens.colorNeutralForeground2}>
              {e.label}
            </text>
          </g>
        ))}
      </svg>
    </div>
  );
}
