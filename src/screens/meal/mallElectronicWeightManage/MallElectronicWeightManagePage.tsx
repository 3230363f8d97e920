import { useState } from 'react';
import { Badge, Button, Field, Input, Select, Switch, makeStyles, tokens } from '@fluentui/react-components';
import { AddRegular, DeleteRegular, EditRegular } from '@fluentui/react-icons';
import { Trans, useLingui } from '@lingui/react/macro';
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  BAUD_RATES, DEFAULT_BAUD_RATE, SCALE_LIMITS, SCALE_MANAGE_POWER, SCALE_PROTOCOLS, scaleProblem, type ScaleFields, type ScaleProtocol, type ToleranceKind,
} from '../../../../domain/scale.ts';
import { hasModulePower, powerKey } from '../../../../domain/powerKey.ts';
import { createScale, deleteScale, scaleKeys, scalesQuery, updateScale, type Scale } from '../../../../services/scales.ts';
import { usePowers } from '../../../app/hooks.ts';
import { FormDialog } from '../../../components/FormDialog.tsx';
import { NumberInput } from '../../../components/NumberInput.tsx';
import { webSerialAvailable } from '../../../scale/webSerialScale.ts';
import { ScreenFrame } from '../shared/ScreenFrame.tsx';
import { DataTable, type Column } from '../shared/DataTable.tsx';
import { ConfirmDialog } from '../shared/ConfirmDialog.tsx';
import { errorText } from '../shared/errors.ts';
import { useOrgQueryKey } from '../shared/useOrgQueryKey.ts';

const useStyles = makeStyles({
  form: { display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 1fr))', gap: tokens.spacingHorizontalM },
  tolerance: { display: 'flex', gap: tokens.spacingHorizontalS },
});

export const PROTOCOL_LABELS: Record<ScaleProtocol, MessageDescriptor> = {
  mettlerContinuous: msg`梅特勒-托利多连续输出`,
  asciiStGs: msg`ASCII 行格式（ST,GS,+0001.234kg）`,
  simulated: msg`模拟电子秤（演示与测试）`,
};

interface Draft extends ScaleFields { scale?: Scale }

const SCALE_POWER = powerKey(SCALE_MANAGE_POWER);

/**
 * mallElectronicWeightManage (电子秤管理, issue 11): the school's registered scales — name, model, protocol, serial
 * speed, the receiving tolerance (% of the ordered weight or grams) and on/off. Holders of the scaleManage power
 * (and org admins) change them; the receive dialog of an order reads the enabled ones.
 */
export default function MallElectronicWeightManagePage() {
  const { t } = useLingui();
  const s = useStyles();
  const { orgApp, ready } = useOrgQueryKey();
  const qc = useQueryClient();
  const powers = usePowers();
  const writes = hasModulePower(SCALE_POWER, powers.roles, powers.powers);
  const list = useQuery({ ...scalesQuery(orgApp?.orgId), enabled: ready });
  const rows = list.data?.rows ?? [];
  const [draft, setDraft] = useState<Draft | null>(null);
  const [removing, setRemoving] = useState<Scale | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const done = () => { setError(null); void qc.invalidateQueries({ queryKey: scaleKeys.all }); };
  const fail = (e: unknown) => setError(errorText(e));

  const save = useMutation({
    mutationFn: async ({ scale, ...fields }: Draft) => {
      if (scale) await updateScale(scale.id, { ...fields, version: scale.version });
      else await createScale(fields);
    },
    onSuccess: () => { setDraft(null); setFormError(null); done(); },
    onError: (e) => setFormError(errorText(e)),
  });
  const toggle = useMutation({ mutationFn: (x: Scale) => updateScale(x.id, { enabled: !x.enabled, version: x.version }), onSuccess: done, onError: fail });
  const remove = useMutation({
    mutationFn: (x: Scale) => deleteScale(x.id),
    onSuccess: () => { setRemoving(null); done(); },
    onError: (e) => { setRemoving(null); fail(e); },
  });

  const open = (scale?: Scale) => {
    setFormError(null);
    setDraft(scale
      ? { scale, name: scale.name, model: scale.model, protocol: scale.protocol, baudRate: scale.baudRate, toleranceKind: scale.toleranceKind, tolerance: scale.tolerance, enabled: scale.enabled }
      // a browser that cannot open serial ports can only use a simulated scale: offer that first there
      : { name: '', model: '', protocol: webSerialAvailable() ? 'mettlerContinuous' : 'simulated', baudRate: DEFAULT_BAUD_RATE, toleranceKind: 'percent', tolerance: 2, enabled: true });
  };
  const toleranceText = (x: Pick<Scale, 'toleranceKind' | 'tolerance'>) => (x.toleranceKind === 'percent' ? t`±${x.tolerance}%` : t`±${x.tolerance} 克`);

  const columns: Column<Scale>[] = [
    { key: 'name', header: <Trans>名称</Trans>, render: (x) => <span data-testid="scale-name">{x.name}</span>, phone: 'title' },
    { key: 'model', header: <Trans>型号</Trans>, render: (x) => x.model || '—' },
    { key: 'protocol', header: <Trans>通讯协议</Trans>, render: (x) => <span data-testid="scale-protocol" data-protocol={x.protocol}>{t(PROTOCOL_LABELS[x.protocol])}</span> },
    { key: 'baud', header: <Trans>波特率</Trans>, width: '90px', render: (x) => (x.protocol === 'simulated' ? '—' : x.baudRate) },
    { key: 'tolerance', header: <Trans>允许误差</Trans>, width: '110px', render: (x) => <span data-testid="scale-tolerance">{toleranceText(x)}</span> },
    {
      key: 'enabled', header: <Trans>启用</Trans>, width: '90px',
      render: (x) => (writes
        ? <Switch checked={x.enabled} onChange={() => toggle.mutate(x)} aria-label={t`启用 ${x.name}`} data-testid="scale-enabled" />
        : <Badge appearance="tint" color={x.enabled ? 'success' : 'subtle'}>{x.enabled ? t`启用` : t`停用`}</Badge>),
    },
    ...(writes ? [{
      key: 'actions', header: <Trans>操作</Trans>,
      render: (x: Scale) => (
        <>
          <Button size="small" appearance="subtle" icon={<EditRegular />} onClick={() => open(x)} data-testid="scale-edit"><Trans>编辑</Trans></Button>
          <Button size="small" appearance="subtle" icon={<DeleteRegular />} onClick={() => setRemoving(x)} data-testid="scale-delete"><Trans>删除</Trans></Button>
        </>
      ),
    }] : []),
  ];

  const problem = draft ? scaleProblem(draft) : null;
  return (
    <>
      <ScreenFrame
        title={<Trans>电子秤管理</Trans>} testId="screen-mallElectronicWeightManage" loading={list.isLoading}
        error={error ?? (list.error ? errorText(list.error) : null)}
        actions={writes ? <Button appearance="primary" icon={<AddRegular />} onClick={() => open()} data-testid="scale-add"><Trans>登记电子秤</Trans></Button> : undefined}
      >
        <DataTable rows={rows} columns={columns} rowKey={(x) => x.id} testId="scale-table" rowProps={(x) => ({ 'data-scale-name': x.name })} />
      </ScreenFrame>
      <FormDialog
        open={draft !== null} title={draft?.scale ? <Trans>编辑电子秤</Trans> : <Trans>登记电子秤</Trans>} testId="scale-form" busy={save.isPending}
        submitDisabled={!draft || problem !== null} error={formError ?? (draft?.name.trim() ? problem : null)}
        onSubmit={() => draft && save.mutate(draft)} onClose={() => setDraft(null)}
      >
        {draft && (
          <div className={s.form}>
            <Field label={<Trans>名称</Trans>} required>
              <Input value={draft.name} maxLength={SCALE_LIMITS.nameMax} onChange={(_, d) => setDraft({ ...draft, name: d.value })} data-testid="scale-name-input" />
            </Field>
            <Field label={<Trans>型号</Trans>}>
              <Input value={draft.model} maxLength={SCALE_LIMITS.modelMax} onChange={(_, d) => setDraft({ ...draft, model: d.value })} data-testid="scale-model-input" />
            </Field>
            <Field label={<Trans>通讯协议</Trans>}>
              <Select value={draft.protocol} onChange={(_, d) => setDraft({ ...draft, protocol: d.value as ScaleProtocol })} data-testid="scale-protocol-input">
                {SCALE_PROTOCOLS.map((p) => <option key={p} value={p}>{t(PROTOCOL_LABELS[p])}</option>)}
              </Select>
            </Field>
            <Field label={<Trans>波特率</Trans>}>
              <Select
                value={String(draft.baudRate)} disabled={draft.protocol === 'simulated'} onChange={(_, d) => setDraft({ ...draft, baudRate: Number(d.value) })}
                data-testid="scale-baud-input"
              >
                {BAUD_RATES.map((b) => <option key={b} value={b}>{b}</option>)}
              </Select>
            </Field>
            <Field label={<Trans>允许误差</Trans>} hint={<Trans>超出误差的短重或超重作为差异记录，供应商可见</Trans>}>
              <div className={s.tolerance}>
                <NumberInput
                  value={draft.tolerance} min={0} max={draft.toleranceKind === 'percent' ? SCALE_LIMITS.percentMax : SCALE_LIMITS.gramsMax}
                  precision={draft.toleranceKind === 'percent' ? 2 : 1} onChange={(v) => setDraft({ ...draft, tolerance: v ?? Number.NaN })}
                  aria-label={t`允许误差`} data-testid="scale-tolerance-input"
                />
                <Select
                  value={draft.toleranceKind} onChange={(_, d) => setDraft({ ...draft, toleranceKind: d.value as ToleranceKind })} aria-label={t`误差单位`}
                  data-testid="scale-tolerance-kind"
                >
                  <option value="percent">{t`% 订购重量`}</option>
                  <option value="grams">{t`克`}</option>
                </Select>
              </div>
            </Field>
            <Field label={<Trans>启用</Trans>}>
              <Switch checked={draft.enabled} onChange={(_, d) => setDraft({ ...draft, enabled: d.checked })} data-testid="scale-enabled-input" />
            </Field>
          </div>
        )}
      </FormDialog>
      <ConfirmDialog open={removing !== null} title={<Trans>删除电子秤</Trans>} busy={remove.isPending} onCancel={() => setRemoving(null)} onConfirm={() => removing && remove.mutate(removing)}>
        <Trans>确定删除电子秤「{removing?.name}」吗？已称重收货的记录保留其名称。</Trans>
      </ConfirmDialog>
    </>
  );
}
