// A set meal: name, package category (its age range), tags and dishes with portions; the nutrients of one serving
// follow every edit (each dish's portion nutrients × its portions, summed by domain/nutrition.ts, unknowns kept).
import { useEffect, useMemo, useState } from 'react';
import { Button, Checkbox, Dropdown, Field, Input, makeStyles, Option, Text, Textarea, tokens } from '@fluentui/react-components';
import { DeleteRegular } from '@fluentui/react-icons';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { FormDialog } from '../../../components/FormDialog.tsx';
import { PACKAGE_LIMITS } from '../../../../domain/aggregates/dishPackage.ts';
import { NUTRIENT_KEYS, sumNutrients, type NutrientSum } from '../../../../domain/nutrition.ts';
import { round6 } from '../../../../domain/numberInput.ts';
import type { Category } from '../../../../services/mall/catalogue.ts';
import { createDishPackage, dishesQuery, dishPackageKeys, fetchDishes, updateDishPackage, type Dish, type DishPackage } from '../../../../services/recipes.ts';
import { errorText } from '../shared/errors.ts';
import { NutrientHeader, NutrientValue } from '../shared/nutrients.tsx';
import { useOrgQueryKey } from '../shared/useOrgQueryKey.ts';
import { SearchAddBox } from '../../../components/SearchAddBox.tsx';
import { NumberInput } from '../../../components/NumberInput.tsx';
import { numberText } from '../../../components/numberText.ts';

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, minWidth: 'min(540px, 86vw)' },
  grid: { display: 'grid', gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', gap: tokens.spacingHorizontalM },
  line: { display: 'grid', gridTemplateColumns: '2fr 1fr auto', gap: tokens.spacingHorizontalS, alignItems: 'center' },
  tags: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS },
  nutrients: {
    display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(120px, 1fr))', gap: tokens.spacingHorizontalS,
    padding: tokens.spacingVerticalS, backgroundColor: tokens.colorNeutralBackground2, borderRadius: tokens.borderRadiusMedium,
  },
});

interface Line { dishId: string; portions: string }
const portionsOk = (p: number) => Number.isFinite(p) && p > 0 && p <= PACKAGE_LIMITS.portionsMax;

export function PackageEditor({ pkg, categories, tags, onClose }: { pkg: DishPackage | 'new' | null; categories: Category[]; tags: Category[]; onClose: () => void }) {
  const s = useStyles();
  const { t } = useLingui();
  const qc = useQueryClient();
  const { orgApp, ready } = useOrgQueryKey();
  const [name, setName] = useState('');
  const [categoryId, setCategoryId] = useState('');
  const [picked, setPicked] = useState<string[]>([]);
  const [note, setNote] = useState('');
  const [lines, setLines] = useState<Line[]>([]);
  const [dishes, setDishes] = useState<Map<string, Dish>>(new Map());
  const [search, setSearch] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    setError(null);
    setSearch('');
    if (!pkg) return;
    if (pkg === 'new') { setName(''); setCategoryId(''); setPicked([]); setNote(''); setLines([]); setDishes(new Map()); return; }
    setName(pkg.name); setCategoryId(pkg.categoryId); setPicked(pkg.tags); setNote(pkg.note);
    setLines(pkg.dishes.map((d) => ({ dishId: d.dishId, portions: String(d.portions) })));
    fetchDishes({ id: pkg.dishes.map((d) => d.dishId).join(','), $limit: PACKAGE_LIMITS.dishes })
      .then((r) => setDishes(new Map(r.rows.map((d) => [d.id, d]))))
      .catch((e: unknown) => setError(errorText(e)));
  }, [pkg]);

  const found = useQuery(dishesQuery(ready && search.trim() ? orgApp?.orgId : undefined, { name: search.trim(), $limit: 20 }));
  const add = (d: Dish) => {
    setDishes((m) => new Map(m).set(d.id, d));
    setLines((ls) => (ls.some((l) => l.dishId === d.id) ? ls : [...ls, { dishId: d.id, portions: '1' }]));
    setSearch('');
  };
  const sum = useMemo(() => sumNutrients(lines.flatMap((l): NutrientSum[] => {
    const d = dishes.get(l.dishId);
    const p = Number(l.portions);
    if (!d || !portionsOk(p)) return [];
    return [{
      total: Object.fromEntries(NUTRIENT_KEYS.map((k) => [k, d.nutrients[k] === null ? null : round6(d.nutrients[k]! * p)])) as NutrientSum['total'],
      missing: Object.fromEntries(NUTRIENT_KEYS.map((k) => [k, d.incomplete.includes(k) ? [d.name] : []])) as NutrientSum['missing'],
    }];
  })), [lines, dishes]);

  const save = async () => {
    const bad = lines.find((l) => !portionsOk(Number(l.portions)));
    if (bad) { setError(t`${dishes.get(bad.dishId)?.name ?? ''} 的份数须大于 0 且不超过 ${PACKAGE_LIMITS.portionsMax}`); return; }
    setBusy(true);
    setError(null);
    try {
      const body = { name: name.trim(), categoryId, tags: picked, note, dishes: lines.map((l) => ({ dishId: l.dishId, portions: Number(l.portions) })) };
      if (pkg === 'new') await createDishPackage(body);
      else if (pkg) await updateDishPackage(pkg.id, { ...body, version: pkg.version });
      void qc.invalidateQueries({ queryKey: dishPackageKeys.all });
      onClose();
    } catch (e) {
      setError(errorText(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <FormDialog
      open={pkg !== null} title={pkg === 'new' ? <Trans>新增套餐</Trans> : <Trans>编辑套餐</Trans>} testId="package" contentClassName={s.form}
      busy={busy} submitDisabled={!name.trim() || !categoryId || !lines.length} error={error} onSubmit={() => void save()} onClose={onClose} noValidate
    >
      <div className={s.grid}>
        <Field label={<Trans>套餐名称</Trans>} required>
          <Input value={name} maxLength={PACKAGE_LIMITS.nameMax} onChange={(_, d) => setName(d.value)} data-testid="package-name" />
        </Field>
        <Field label={<Trans>套餐分类</Trans>} required>
          <Dropdown value={categories.find((c) => c.id === categoryId)?.name ?? ''} selectedOptions={categoryId ? [categoryId] : []} data-testid="package-category"
            onOptionSelect={(_, d) => setCategoryId(d.optionValue ?? '')}>
            {categories.map((c) => <Option key={c.id} value={c.id}>{c.name}</Option>)}
          </Dropdown>
        </Field>
      </div>
      <Field label={<Trans>标签</Trans>}>
        <div className={s.tags}>
          {tags.map((tag) => (
            <Checkbox key={tag.id} label={tag.name} checked={picked.includes(tag.name)}
              onChange={(_, d) => setPicked((p) => (d.checked ? [...p, tag.name] : p.filter((x) => x !== tag.name)))} />
          ))}
        </div>
      </Field>
      <Field label={<Trans>说明</Trans>}><Textarea value={note} maxLength={PACKAGE_LIMITS.noteMax} onChange={(_, d) => setNote(d.value)} /></Field>
      <Field label={<Trans>添加菜品</Trans>}>
        <SearchAddBox
          search={search} onSearch={setSearch} rows={found.data?.rows ?? []} onAdd={add}
          keyOf={(d) => d.id} textOf={(d) => d.name} labelOf={(d) => `${d.name}（${d.categoryName}）`}
          placeholder={t`输入菜品名称或拼音首字母`} testId="package-dish-search"
        />
      </Field>
      {lines.length === 0 && <Text><Trans>尚未添加菜品</Trans></Text>}
      {lines.map((l, i) => (
        <div className={s.line} key={l.dishId} data-testid="package-line">
          <Text>{dishes.get(l.dishId)?.name ?? l.dishId}</Text>
          <NumberInput contentAfter={t`份`} aria-label={t`份数`} data-testid="package-line-portions"
            {...numberText(l.portions, (portions) => setLines(lines.map((x, j) => (j === i ? { ...x, portions } : x))))} />
          <Button appearance="subtle" icon={<DeleteRegular />} aria-label={t`移除`} onClick={() => setLines(lines.filter((_, j) => j !== i))} />
        </div>
      ))}
      <Text weight="semibold"><Trans>每份套餐营养素</Trans></Text>
      <div className={s.nutrients} data-testid="package-nutrients">
        {NUTRIENT_KEYS.map((k) => (
          <div key={k}>
            <Text size={200} block><NutrientHeader nutrient={k} /></Text>
            <NutrientValue nutrient={k} value={sum.total[k]} lacking={sum.missing[k]} testId={`package-nutrient-${k}`} />
          </div>
        ))}
      </div>
    </FormDialog>
  );
}
