// mallOrderSpec (issue 11): the org's order settings. A supplier's cut-off (days before the delivery day and the
// time of day, China time) and minimum amount apply to orders placed with it; a school's "supplier may change
// quantities" binds its suppliers when they confirm. Saved at the version read (a change meanwhile: 409).
import { useEffect, useState } from 'react';
import { Button, Field, Input, Switch, Text, makeStyles, tokens } from '@fluentui/react-components';
import { Trans } from '@lingui/react/macro';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ORDER_LIMITS, mayEditOrderSettings, type OrderSettings } from '../../../../domain/order.ts';
import { orderKeys, orderSettingsQuery, saveOrderSettings } from '../../../../services/orders.ts';
import { usePowers } from '../../../app/hooks.ts';
import { ScreenFrame } from '../shared/ScreenFrame.tsx';
import { errorText } from '../shared/errors.ts';
import { useOrgQueryKey } from '../shared/useOrgQueryKey.ts';
import { useOrderParty } from '../orderList/orderView.ts';
import { NumberInput } from '../../../components/NumberInput.tsx';

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, maxWidth: '480px' },
  saved: { color: tokens.colorPaletteGreenForeground1 },
});

export default function MallOrderSpecPage() {
  const s = useStyles();
  const qc = useQueryClient();
  const { orgApp, ready } = useOrgQueryKey();
  const { party } = useOrderParty();
  const { roles } = usePowers();
  const may = mayEditOrderSettings(party, roles);
  const query = useQuery({ ...orderSettingsQuery(orgApp?.orgId), enabled: ready });
  const [form, setForm] = useState<OrderSettings | null>(null);
  const [saved, setSaved] = useState(false);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    // the stored settings fill the form, again after a save or someone else's change
    if (query.data) {
      const { version: _v, ...settings } = query.data;
      setForm(settings);
    }
  }, [query.data]);
  const save = useMutation({
    mutationFn: (f: OrderSettings) => saveOrderSettings({ ...f, version: query.data?.version }),
    onSuccess: () => { setSaved(true); setError(null); void qc.invalidateQueries({ queryKey: orderKeys.all }); },
    onError: (e) => { setSaved(false); setError(errorText(e)); },
  });
  const change = (patch: Partial<OrderSettings>) => { setSaved(false); setForm((f) => (f ? { ...f, ...patch } : f)); };

  return (
    <ScreenFrame title={<Trans>订单设置</Trans>} testId="screen-mallOrderSpec" loading={query.isLoading} error={error ?? (query.error ? errorText(query.error) : null)}>
      {form && (
        <form className={s.form} onSubmit={(e) => { e.preventDefault(); save.mutate(form); }}>
          <Field label={<Trans>下单截止：配送日前几天</Trans>} hint={<Trans>0 表示配送当天</Trans>}>
            <NumberInput min={0} max={ORDER_LIMITS.cutoffDaysMax} precision={0} fallback={0} value={form.cutoffDays} disabled={!may} data-testid="spec-cutoff-days"
              onChange={(v) => change({ cutoffDays: v ?? 0 })} />
          </Field>
          <Field label={<Trans>下单截止时间（北京时间）</Trans>}>
            <Input type="time" value={form.cutoffTime} disabled={!may} onChange={(_, d) => change({ cutoffTime: d.value })} data-testid="spec-cutoff-time" />
          </Field>
          <Field label={<Trans>起订金额（元，0 表示不限）</Trans>}>
            <NumberInput min={0} step={0.01} precision={2} fallback={0} value={form.minimumAmount} disabled={!may}
              onChange={(v) => change({ minimumAmount: v ?? 0 })} data-testid="spec-minimum" />
          </Field>
          <Switch label={<Trans>允许供应商确认时修改订购数量</Trans>} checked={form.supplierMayChangeQuantity} disabled={!may}
            onChange={(_, d) => change({ supplierMayChangeQuantity: d.checked })} data-testid="spec-may-change" />
          {!may && <Text><Trans>您没有修改订单设置的权限</Trans></Text>}
          <div>
            <Button appearance="primary" type="submit" disabled={!may || save.isPending} data-testid="spec-save"><Trans>保存</Trans></Button>
            {saved && <Text className={s.saved} data-testid="spec-saved"> <Trans>已保存</Trans></Text>}
          </div>
        </form>
      )}
    </ScreenFrame>
  );
}
