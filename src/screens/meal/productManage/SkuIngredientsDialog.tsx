import { useEffect, useState } from 'react';
import {
  Button, Combobox, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, Field, makeStyles, Option, Text, tokens,
} from '@fluentui/react-components';
import { DeleteRegular } from '@fluentui/react-icons';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { foodsQuery, listSkuIngredients, setSkuIngredients, type Food } from '../../../../services/mall/catalogue.ts';
import { errorText } from '../shared/errors.ts';
import { useCurrentOrgApp } from '../../../app/hooks.ts';
import { NumberInput } from '../../../components/NumberInput.tsx';
import { numberText } from '../../../components/numberText.ts';

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, minWidth: 'min(560px, 86vw)' },
  row: { display: 'grid', gridTemplateColumns: '2fr 1fr auto', gap: tokens.spacingHorizontalS, alignItems: 'center' },
});

interface Line { foodId: string; nameZh: string; group: string; ratio: string }

/** The food ingredients of one SKU (§7 /v4/mall/sku/ingredients): search foods by Chinese name, set each edible net weight share. */
export function SkuIngredientsDialog({ sku, onClose }: { sku: { skuId: string; name: string } | null; onClose: () => void }) {
  const s = useStyles();
  const { t } = useLingui();
  const [lines, setLines] = useState<Line[]>([]);
  const [query, setQuery] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const orgApp = useCurrentOrgApp();
  const foods = useQuery({ ...foodsQuery(orgApp?.orgId, query), enabled: !!sku });

  useEffect(() => {
    setError('');
    setLines([]);
    if (!sku) return;
    listSkuIngredients(sku.skuId)
      .then((r) => setLines(r.rows.map((i) => ({ foodId: i.foodId, nameZh: i.nameZh, group: i.group, ratio: String(i.ratio) }))))
      .catch((e: unknown) => setError(errorText(e)));
  }, [sku]);

  const add = (f: Food | undefined) => {
    if (!f || lines.some((l) => l.foodId === f.id)) return;
    setLines([...lines, { foodId: f.id, nameZh: f.nameZh, group: f.group, ratio: '' }]);
    setQuery('');
  };
  const save = async () => {
    if (!sku) return;
    const ingredients = lines.map((l) => ({ foodId: l.foodId, ratio: Number(l.ratio) }));
    const bad = lines.find((l, i) => !l.ratio.trim() || !(ingredients[i].ratio > 0 && ingredients[i].ratio <= 1));
    if (bad) { setError(t`${bad.nameZh} 的可食净重占比须大于 0 且不超过 1`); return; }
    setBusy(true);
    try {
      await setSkuIngredients(sku.skuId, ingredients);
      onClose();
    } catch (e) {
      setError(errorText(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open={!!sku} onOpenChange={(_, d) => { if (!d.open) onClose(); }}>
      <DialogSurface>
        <DialogBody>
          <DialogTitle><Trans>SKU 食材：{sku?.name}</Trans></DialogTitle>
          <DialogContent className={s.form}>
            <Field label={<Trans>搜索食材</Trans>}>
              <Combobox
                freeform value={query} placeholder={t`输入食材中文名`} onChange={(e) => setQuery(e.target.value)} data-testid="food-search"
                onOptionSelect={(_, d) => add(foods.data?.rows.find((f) => f.id === d.optionValue))}
              >
                {(foods.data?.rows ?? []).map((f) => <Option key={f.id} value={f.id} text={f.nameZh}>{`${f.nameZh}（${f.group}）`}</Option>)}
              </Combobox>
            </Field>
            {lines.length === 0 && <Text><Trans>尚未关联食材</Trans></Text>}
            {lines.map((l, i) => (
              <div className={s.row} key={l.foodId} data-testid="ingredient-row">
                <Text>{`${l.nameZh}（${l.group}）`}</Text>
                <NumberInput
                  placeholder={t`占比 0-1`} aria-label={t`可食净重占比`} min={0} max={1}
                  {...numberText(l.ratio, (ratio) => setLines(lines.map((x, j) => (j === i ? { ...x, ratio } : x))))}
                />
                <Button appearance="subtle" icon={<DeleteRegular />} aria-label={t`移除食材`} onClick={() => setLines(lines.filter((_, j) => j !== i))} />
              </div>
            ))}
            {error && <Text style={{ color: tokens.colorPaletteRedForeground1 }} data-testid="ingredient-error">{error}</Text>}
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}><Trans>取消</Trans></Button>
            <Button appearance="primary" disabled={busy} onClick={() => void save()} data-testid="ingredient-save"><Trans>保存</Trans></Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
