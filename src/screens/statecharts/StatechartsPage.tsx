// Issue 3 inspector: every machine of the console as a diagram with its live state, the event journal of
// this session (secrets masked), replay of the journal through pure transitions, export and import.
// Nothing here touches the network (the optional Stately inspector is development-only and asked for).
import { useEffect, useMemo, useRef, useState, useSyncExternalStore, type ChangeEvent } from 'react';
import {
  Badge,
  Button,
  Card,
  CardHeader,
  makeStyles,
  MessageBar,
  MessageBarBody,
  Switch,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  Text,
  Title3,
  tokens,
} from '@fluentui/react-components';
import { ArrowDownloadRegular, ArrowUploadRegular, ChevronLeftRegular, ChevronRightRegular, LiveRegular } from '@fluentui/react-icons';
import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import type { AnyActorRef, StateValue } from 'xstate';
import { journal, parseJournalFile, type JournalEntry, type JournalFile } from '../../inspector/journal.ts';
import { MACHINE_IDS, replayJournal, statesAt, type ReplayedState } from '../../inspector/replay.ts';
import { useAppActor, usePowers } from '../../app/hooks.ts';
import { inspectorAllowed } from '../../shell/inspectorRoute.ts';
import { StatechartDiagram } from './StatechartDiagram.tsx';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL, padding: tokens.spacingVerticalXL, minWidth: 0 },
  bar: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalM },
  charts: { display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(600px, 1fr))', gap: tokens.spacingHorizontalL },
  card: { minWidth: 0 },
  value: { fontFamily: tokens.fontFamilyMonospace, fontSize: tokens.fontSizeBase200 },
  journal: { maxHeight: '420px', overflowY: 'auto', border: `1px solid ${tokens.colorNeutralStroke2}`, borderRadius: tokens.borderRadiusMedium },
  row: { cursor: 'pointer' },
  selected: { backgroundColor: tokens.colorBrandBackground2 },
  mono: { fontFamily: tokens.fontFamilyMonospace, fontSize: tokens.fontSizeBase200, wordBreak: 'break-all' },
  hidden: { display: 'none' },
  badge: { whiteSpace: 'nowrap' },
  muted: { color: tokens.colorNeutralForeground3 },
});

/** rows shown at most (the newest); the journal keeps more */
const MAX_ROWS = 400;

const valueText = (v: StateValue | null | undefined): string => {
  if (v === null || v === undefined) return '—';
  if (typeof v === 'string') return v;
  return Object.entries(v)
    .map(([k, c]) => (c && (typeof c !== 'object' || Object.keys(c).length) ? `${k}.${valueText(c as StateValue)}` : k))
    .join(', ');
};

const timeText = (ms: number) => {
  const d = new Date(ms);
  const pad = (n: number, w = 2) => String(n).padStart(w, '0');
  return `${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}.${pad(d.getMilliseconds(), 3)}`;
};

function payloadText(event: JournalEntry['event']): string {
  const { type: _type, ...rest } = event;
  if (!Object.keys(rest).length) return '';
  const text = JSON.stringify(rest);
  return text.length > 240 ? `${text.slice(0, 240)}…` : text;
}

const isTick = (e: JournalEntry) => e.event.type === 'TICK';

let statelyStarted = false;
/** `?inspect=stately` in development: also feed @statelyai/inspect's browser inspector (it loads stately.ai). */
function useStatelyInspector(root: AnyActorRef) {
  useEffect(() => {
    if (!import.meta.env.DEV || statelyStarted) return;
    const query = window.location.search + (window.location.hash.split('?')[1] ? `&${window.location.hash.split('?')[1]}` : '');
    if (new URLSearchParams(query.replace(/^\?/, '')).get('inspect') !== 'stately') return;
    statelyStarted = true;
    void import('@statelyai/inspect').then(({ createBrowserInspector }) => {
      const inspector = createBrowserInspector();
      root.system.inspect(inspector.inspect);
    });
  }, [root]);
}

/** The live state value of one actor of the running console (null while it does not run). */
function useLiveValue(root: AnyActorRef, id: string): StateValue | null {
  const ref = useSelector(root, (s: { children: Record<string, AnyActorRef | undefined> }) => (id === 'app' ? root : s.children[id]) ?? null);
  const subscribe = useMemo(
    () => (cb: () => void) => {
      if (!ref) return () => {};
      const sub = ref.subscribe({ next: cb, error: cb, complete: cb });
      return () => sub.unsubscribe();
    },
    [ref],
  );
  return useSyncExternalStore(subscribe, () => {
    const snap = ref?.getSnapshot() as { value?: StateValue; status?: string } | undefined;
    return snap && snap.status !== 'stopped' ? (snap.value ?? null) : null;
  });
}

function MachineCard({ machineId, root, replayed, replaying }: { machineId: string; root: AnyActorRef; replayed: ReplayedState | undefined; replaying: boolean }) {
  const styles = useStyles();
  const { t } = useLingui();
  const live = useLiveValue(root, machineId);
  const value = replaying ? (replayed && replayed.status !== 'stopped' ? replayed.value : null) : live;
  return (
    <Card className={styles.card} data-testid={`statechart-card-${machineId}`}>
      <CardHeader
        header={<Text weight="semibold">{machineId}</Text>}
        description={
          <span className={styles.value} data-testid={`statechart-value-${machineId}`}>
            {valueText(value)}
            {replaying && replayed?.status === 'stopped' ? ` (${t`已停止`})` : ''}
            {value === null && !replayed ? ` ${t`未运行`}` : ''}
          </span>
        }
        action={
          replaying ? (
            <Badge className={styles.badge} color="warning">{t`回放`}</Badge>
          ) : (
            <Badge className={styles.badge} color="success">{t`实时`}</Badge>
          )
        }
      />
      <StatechartDiagram machineId={machineId} value={value} rootLabel={t`任意状态：`} />
    </Card>
  );
}

function StatechartsPage() {
  const styles = useStyles();
  const { t } = useLingui();
  const root = useAppActor() as unknown as AnyActorRef;
  const powers = usePowers();
  const allowed = inspectorAllowed(powers.isSystemProvider);
  const [lateStart] = useState(() => !journal.isEnabled);

  // production: the journal starts when the provider opens this page (from the actors' current states)
  useEffect(() => {
    if (allowed) journal.enable(root);
  }, [allowed, root]);
  useStatelyInspector(root);

  const liveEntries = useSyncExternalStore(journal.subscribe, journal.getEntries);
  // replay works on a fixed journal: the live one frozen when a row is picked, or a loaded file
  const [frozen, setFrozen] = useState<{ file: JournalFile; source: 'live' | 'file'; name?: string } | null>(null);
  const [position, setPosition] = useState<number | null>(null);
  const [showTicks, setShowTicks] = useState(false);
  const [importError, setImportError] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);

  const entries = frozen ? frozen.file.entries : liveEntries;
  const replay = useMemo(() => (frozen ? replayJournal(frozen.file) : null), [frozen]);
  const replaying = frozen !== null && position !== null;
  const states = useMemo(() => (replay && position !== null ? statesAt(replay, position) : {}), [replay, position]);

  const visible = useMemo(() => {
    const rows = entries.map((e, index) => ({ e, index })).filter(({ e }) => showTicks || !isTick(e));
    return rows.slice(-MAX_ROWS);
  }, [entries, showTicks]);

  const pick = (index: number) => {
    if (!frozen) setFrozen({ file: journal.toFile(), source: 'live' });
    setPosition(index);
  };
  const step = (dir: -1 | 1) => {
    if (position === null) return;
    const at = visible.findIndex((r) => r.index === position);
    const next = visible[at + dir] ?? (at === -1 ? visible[dir === 1 ? 0 : visible.length - 1] : undefined);
    if (next) setPosition(next.index);
  };
  const backToLive = () => {
    setFrozen(null);
    setPosition(null);
  };

  const exportJournal = () => {
    const file = frozen?.file ?? journal.toFile();
    const blob = new Blob([JSON.stringify(file, null, 2)], { type: 'application/json' });
    const url = URL.createObjectURL(blob);
    const a = document.createElement('a');
    a.href = url;
    a.download = `statechart-journal-${new Date(file.exportedAt).toISOString().replace(/[:.]/g, '-')}.json`;
    document.body.appendChild(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  };

  const importJournal = (ev: ChangeEvent<HTMLInputElement>) => {
    const f = ev.target.files?.[0];
    ev.target.value = '';
    if (!f) return;
    void f.text().then(
      (text) => {
        try {
          const file = parseJournalFile(text);
          setImportError(null);
          setFrozen({ file, source: 'file', name: f.name });
          setPosition(file.entries.length - 1);
        } catch {
          setImportError(t`无法读取该文件：不是状态图日志`);
        }
      },
      () => setImportError(t`无法读取该文件：不是状态图日志`),
    );
  };

  if (!allowed) {
    return (
      <div className={styles.root}>
        <MessageBar intent="warning">
          <MessageBarBody>
            <Trans>状态图仅对系统服务商开放</Trans>
          </MessageBarBody>
        </MessageBar>
      </div>
    );
  }

  const current = position !== null ? entries[position] : undefined;
  return (
    <div className={styles.root} data-testid="statecharts-page">
      <Title3>
        <Trans>状态图</Trans>
      </Title3>
      {lateStart && !import.meta.env.DEV && (
        <MessageBar intent="info" data-testid="journal-late-start">
          <MessageBarBody>
            <Trans>事件日志自打开本页起记录；此前的状态作为起点。</Trans>
          </MessageBarBody>
        </MessageBar>
      )}
      {frozen?.source === 'file' && (
        <MessageBar intent="info">
          <MessageBarBody>
            <Trans>正在回放导入的日志：{frozen.name}</Trans>
          </MessageBarBody>
        </MessageBar>
      )}
      {importError && (
        <MessageBar intent="error" data-testid="journal-import-error">
          <MessageBarBody>{importError}</MessageBarBody>
        </MessageBar>
      )}

      <div className={styles.bar}>
        <Button icon={<ChevronLeftRegular />} data-testid="replay-back" disabled={position === null} onClick={() => step(-1)}>
          <Trans>上一步</Trans>
        </Button>
        <Text data-testid="replay-position" className={styles.value}>
          {position === null ? t`实时` : `${position + 1} / ${entries.length}`}
        </Text>
        <Button icon={<ChevronRightRegular />} data-testid="replay-forward" disabled={position === null} onClick={() => step(1)}>
          <Trans>下一步</Trans>
        </Button>
        <Button icon={<LiveRegular />} data-testid="replay-live" disabled={!frozen} onClick={backToLive}>
          <Trans>回到实时</Trans>
        </Button>
        <Button icon={<ArrowDownloadRegular />} data-testid="journal-export" onClick={exportJournal}>
          <Trans>导出日志</Trans>
        </Button>
        <Button icon={<ArrowUploadRegular />} onClick={() => fileInput.current?.click()}>
          <Trans>载入日志</Trans>
        </Button>
        <input ref={fileInput} className={styles.hidden} type="file" accept="application/json,.json" data-testid="journal-import" onChange={importJournal} />
        <Switch checked={showTicks} onChange={(_, d) => setShowTicks(d.checked)} label={t`显示 TICK`} />
      </div>
      {current && (
        <Text className={styles.muted} data-testid="replay-current">
          {current.actorId} · {current.event.type} → {valueText(current.resultingState)}
        </Text>
      )}

      <div className={styles.charts}>
        {MACHINE_IDS.map((id) => (
          <MachineCard key={id} machineId={id} root={root} replayed={states[id]} replaying={replaying} />
        ))}
      </div>

      <Title3>
        <Trans>事件日志</Trans>
      </Title3>
      <Text className={styles.muted}>
        <Trans>共 {entries.length} 条；点击一行回放到该处。令牌、密码和验证码已隐去。</Trans>
      </Text>
      <div className={styles.journal}>
        <Table size="extra-small" data-testid="journal-table" aria-label={t`事件日志`}>
          <TableHeader>
            <TableRow>
              <TableHeaderCell>#</TableHeaderCell>
              <TableHeaderCell>
                <Trans>时间</Trans>
              </TableHeaderCell>
              <TableHeaderCell>
                <Trans>状态机</Trans>
              </TableHeaderCell>
              <TableHeaderCell>
                <Trans>事件</Trans>
              </TableHeaderCell>
              <TableHeaderCell>
                <Trans>结果状态</Trans>
              </TableHeaderCell>
            </TableRow>
          </TableHeader>
          <TableBody>
            {visible.map(({ e, index }) => (
              <TableRow
                key={e.seq}
                data-testid="journal-row"
                data-index={index}
                data-actor={e.actorId}
                aria-selected={index === position}
                className={`${styles.row} ${index === position ? styles.selected : ''}`}
                onClick={() => pick(index)}
              >
                <TableCell>{e.seq}</TableCell>
                <TableCell className={styles.mono}>{timeText(e.time)}</TableCell>
                <TableCell>{e.actorId}</TableCell>
                <TableCell className={styles.mono}>
                  <strong>{e.event.type}</strong> {payloadText(e.event)}
                </TableCell>
                <TableCell className={styles.mono}>
                  {valueText(e.resultingState)}
                  {e.status !== 'active' ? ` (${e.status})` : ''}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>
    </div>
  );
}

export default StatechartsPage;
