// Receiving on a scale (issue 11): the school's registered scales to pick from, the chosen scale's live reading
// through the one ScaleAdapter interface (src/scale), and the verdict a weighed line gets. A real scale is read
// through Web Serial; a browser without it is told so and offered only the scales registered as simulated.
import { useEffect, useMemo, useRef, useState } from 'react';
import { Badge, Button, Field, MessageBar, MessageBarBody, Select, Text, makeStyles, tokens } from '@fluentui/react-components';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { scalesQuery, type Scale } from '../../../../services/scales.ts';
import type { WeighResult } from '../../../../domain/scale.ts';
import { createScaleAdapter, isSimulated, usableHere } from '../../../scale/createScaleAdapter.ts';
import { webSerialAvailable } from '../../../scale/webSerialScale.ts';
import type { ScaleAdapter, ScaleReading, ScaleStatus } from '../../../scale/ScaleAdapter.ts';
import type { SimulatedScale } from '../../../scale/simulatedScale.ts';
import { NumberInput } from '../../../components/NumberInput.tsx';

const useStyles = makeStyles({
  panel: {
    display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalM, alignItems: 'flex-end', marginBottom: tokens.spacingVerticalS,
    padding: tokens.spacingVerticalS, border: `1px solid ${tokens.colorNeutralStroke2}`, borderRadius: tokens.borderRadiusMedium,
  },
  reading: { fontSize: tokens.fontSizeHero700, lineHeight: tokens.lineHeightHero700, fontVariantNumeric: 'tabular-nums', minWidth: '9ch' },
  picker: { minWidth: '200px' },
  sim: { width: '120px' },
});

export interface ReceivingScale {
  /** the registered, enabled scales this browser can read */
  usable: Scale[];
  selected: Scale | null;
  reading: ScaleReading | null;
  status: ScaleStatus;
}

/** The chosen scale's adapter, status and latest reading; a change of scale or leaving the dialog disconnects. */
export function useReceivingScale(orgId: string | undefined) {
  const scales = useQuery(scalesQuery(orgId, { enabled: true }));
  const serial = webSerialAvailable();
  const all = useMemo(() => scales.data?.rows ?? [], [scales.data]);
  const usable = useMemo(() => all.filter((s) => usableHere(s)), [all]);
  // undefined: not chosen yet (one usable scale is chosen for the user); null: the user chose to type quantities
  const [selectedId, setSelectedId] = useState<string | null | undefined>(undefined);
  const selected = selectedId === undefined ? (usable.length === 1 ? usable[0]! : null) : usable.find((s) => s.id === selectedId) ?? null;
  const [adapter, setAdapter] = useState<ScaleAdapter | null>(null);
  const [reading, setReading] = useState<ScaleReading | null>(null);
  const [status, setStatus] = useState<ScaleStatus>('idle');
  const [error, setError] = useState<string | null>(null);
  const current = useRef<ScaleAdapter | null>(null);

  useEffect(() => {
    setReading(null);
    setStatus('idle');
    setError(null);
    if (!selected) { setAdapter(null); return undefined; }
    const a = createScaleAdapter(selected);
    current.current = a;
    const offReading = a.subscribe(setReading);
    const offStatus = a.onStatus((st, message) => { setStatus(st); if (st === 'error') setError(message ?? null); });
    setAdapter(a);
    // a simulated scale needs no port: it is on as soon as it is chosen
    if (isSimulated(a)) void a.connect();
    return () => { offReading(); offStatus(); void a.disconnect(); current.current = null; };
  }, [selected?.id, selected?.protocol, selected?.baudRate]);

  const connect = async () => {
    if (!adapter) return;
    setError(null);
    try { await adapter.connect(); } catch (e) { setStatus('error'); setError(e instanceof Error ? e.message : String(e)); }
  };

  return {
    loading: scales.isLoading, all, usable, selected, select: setSelectedId, adapter, reading, status, error, connect, serial,
    /** the registered scales this browser cannot read (real ones without Web Serial) */
    unusable: all.length - usable.length,
  };
}

export type ReceivingScaleState = ReturnType<typeof useReceivingScale>;

/** The picker, the live reading and (for a simulated scale) the weight to put on it. */
export function ScalePanel({ scale }: { scale: ReceivingScaleState }) {
  const s = useStyles();
  const { t } = useLingui();
  const [simGrams, setSimGrams] = useState<number | null>(null);
  const { selected, reading, adapter, status } = scale;
  const sim = adapter && isSimulated(adapter) ? (adapter as SimulatedScale) : null;
  const statusText: Record<ScaleStatus, string> = {
    idle: t`未连接`, connecting: t`连接中`, connected: t`已连接`, overload: t`超出量程`, error: t`连接出错`, closed: t`已断开`,
  };

  return (
    <div data-testid="scale-panel">
      {!scale.serial && (
        <MessageBar intent="warning" data-testid="scale-no-serial">
          <MessageBarBody>
            {scale.unusable > 0
              ? <Trans>此浏览器不支持 Web Serial，无法连接实体电子秤（请使用 Chrome 或 Edge）；只能使用登记为模拟的电子秤。</Trans>
              : <Trans>此浏览器不支持 Web Serial，无法连接实体电子秤（请使用 Chrome 或 Edge）。</Trans>}
          </MessageBarBody>
        </MessageBar>
      )}
      <div className={s.panel}>
        <Field label={<Trans>电子秤</Trans>} className={s.picker}>
          <Select
            value={selected?.id ?? ''} onChange={(_, d) => scale.select(d.value || null)} data-testid="scale-picker" aria-label={t`电子秤`}
            disabled={!scale.usable.length}
          >
            <option value="">{scale.usable.length ? t`不使用电子秤（手工填写）` : t`没有可用的电子秤`}</option>
            {scale.usable.map((x) => <option key={x.id} value={x.id}>{x.protocol === 'simulated' ? t`${x.name}（模拟）` : x.name}</option>)}
          </Select>
        </Field>
        {selected && (
          <>
            <div>
              <Text
                className={s.reading} data-testid="scale-reading" data-grams={reading ? String(reading.grams) : ''} data-stable={reading?.stable ? 'true' : 'false'}
                aria-live="polite"
              >
                {reading ? t`${reading.grams} 克` : '—'}
              </Text>
              <div>
                <Badge appearance="tint" color={reading?.stable ? 'success' : 'warning'} data-testid="scale-stability">
                  {reading ? (reading.stable ? t`稳定` : t`称量中`) : statusText[status]}
                </Badge>
              </div>
            </div>
            {!sim && status !== 'connected' && (
              <Button appearance="primary" onClick={() => void scale.connect()} data-testid="scale-connect"><Trans>连接电子秤</Trans></Button>
            )}
            {sim && (
              <>
                <Field label={<Trans>模拟重量（克）</Trans>}>
                  <NumberInput className={s.sim} value={simGrams} min={0} precision={1} onChange={setSimGrams} data-testid="scale-sim-grams" aria-label={t`模拟重量（克）`} />
                </Field>
                <Button onClick={() => sim.setWeight(simGrams ?? 0)} data-testid="scale-sim-place"><Trans>放上秤</Trans></Button>
              </>
            )}
            {scale.error && <Text role="alert" style={{ color: tokens.colorPaletteRedForeground1 }} data-testid="scale-error">{scale.error}</Text>}
          </>
        )}
      </div>
    </div>
  );
}

/** A weighed line's verdict: within the scale's tolerance, or short / over by so much. */
export function WeighVerdict({ result, grams, differenceGrams, allowedGrams }: {
  result: WeighResult; grams: number; differenceGrams: number | null; allowedGrams: number | null;
}) {
  const { t } = useLingui();
  const signed = differenceGrams === null ? '' : `${differenceGrams > 0 ? '+' : ''}${differenceGrams}`;
  const off = signed ? t`${signed} 克` : '';
  const allowed = allowedGrams === null ? '' : t`允许 ±${allowedGrams} 克`;
  const label = result === 'ok' ? t`合格` : result === 'short' ? t`短重` : t`超重`;
  return (
    <span data-testid="order-line-weigh-result" data-result={result}>
      <Badge appearance="filled" color={result === 'ok' ? 'success' : 'danger'}>{label}</Badge>{' '}
      <Text size={200}>{t`称重 ${grams} 克`}{off && ` ${off}`}{allowed && `（${allowed}）`}</Text>
    </span>
  );
}
