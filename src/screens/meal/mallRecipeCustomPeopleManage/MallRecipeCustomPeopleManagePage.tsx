import { useState } from 'react';
import { Badge, Button, Dropdown, Field, Input, makeStyles, Option, Switch, tokens } from '@fluentui/react-components';
import { AddRegular, DeleteRegular, EditRegular } from '@fluentui/react-icons';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { FOOD_GROUPS } from '../../../../domain/ingredients.ts';
import { PEOPLE_LIMITS, agesOf, customPeopleRefusal, type CustomPeopleFields } from '../../../../domain/aggregates/recipePeople.ts';
import { writesRecipeSettings } from '../../../../domain/recipeAccess.ts';
import {
  addCustomPeople, addReferencePeople, peopleEnergyQuery, recipePeopleQuery, recipeSettingKeys, removeRecipePeople, setPeopleDefault, updateCustomPeople,
  updateRecipePeople, type RecipePeople,
} from '../../../../services/recipeSettings.ts';
import { usePowers } from '../../../app/hooks.ts';
import { FormDialog } from '../../../components/FormDialog.tsx';
import { ScreenFrame } from '../shared/ScreenFrame.tsx';
import { DataTable, type Column } from '../shared/DataTable.tsx';
import { ConfirmDialog } from '../shared/ConfirmDialog.tsx';
import { errorText } from '../shared/errors.ts';
import { useOrgQueryKey } from '../shared/useOrgQueryKey.ts';
import { NumberInput } from '../../../components/NumberInput.tsx';

const useStyles = makeStyles({
  dosages: { display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(150px, 1fr))', gap: tokens.spacingHorizontalS },
  // three fields in a row on a desk, wrapping on a phone's 390 px
  ages: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS, '> *': { flex: '1 1 110px' } },
});

const blank: CustomPeopleFields = { name: '', minAge: 6, maxAge: 12, energyKcal: 1800, foodIngredients: [] };

/**
 * mallRecipeCustomPeopleManage (自定义人群管理): the people groups the org plans recipes for (§7 recipe people
 * config): the WS/T 554 reference groups it adds, and its custom groups (name, ages, daily energy and food-group
 * dosages). Each group may be enabled and marked default (preselected for a new cycle). The dietitian and admins
 * write; others read.
 */
export default function MallRecipeCustomPeopleManagePage() {
  const { t } = useLingui();
  const s = useStyles();
  const { orgApp, ready } = useOrgQueryKey();
  const qc = useQueryClient();
  const writes = writesRecipeSettings(usePowers());
  const query = useQuery({ ...recipePeopleQuery(orgApp?.orgId), enabled: ready });
  const energy = useQuery({ ...peopleEnergyQuery(orgApp?.orgId), enabled: ready && writes });
  const rows = query.data?.rows ?? [];
  const [editing, setEditing] = useState<{ people?: RecipePeople; fields: CustomPeopleFields } | null>(null);
  const [removing, setRemoving] = useState<RecipePeople | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const done = () => { setError(null); void qc.invalidateQueries({ queryKey: recipeSettingKeys.all }); };
  const fail = (e: unknown) => setError(errorText(e));

  const notAdded = (energy.data?.rows ?? []).filter((e) => !rows.some((r) => r.peopleEnergyId === e.peopleEnergyId));
  const addReference = useMutation({ mutationFn: addReferencePeople, onSuccess: done, onError: fail });
  const save = useMutation({
    mutationFn: (e: NonNullable<typeof editing>) => (e.people
      ? updateCustomPeople(e.people.peopleId, { ...e.fields, version: e.people.version })
      : addCustomPeople(e.fields)),
    onSuccess: () => { setEditing(null); setFormError(null); done(); },
    onError: (e) => setFormError(errorText(e)),
  });
  const enable = useMutation({ mutationFn: (p: RecipePeople) => updateRecipePeople({ peopleId: p.peopleId, enable: p.enable ? 0 : 1 }), onSuccess: done, onError: fail });
  const makeDefault = useMutation({ mutationFn: (p: RecipePeople) => setPeopleDefault(p.peopleId, !p.defaultEnable), onSuccess: done, onError: fail });
  const remove = useMutation({
    mutationFn: (p: RecipePeople) => removeRecipePeople(p.peopleId),
    onSuccess: () => { setRemoving(null); done(); },
    onError: (e) => { setRemoving(null); fail(e); },
  });

  const open = (people?: RecipePeople) => {
    setFormError(null);
    setEditing(people
      ? { people, fields: { name: people.name, ...agesOf(people.ageRange), energyKcal: people.energyKcal, foodIngredients: people.foodIngredients } }
      : { fields: { ...blank } });
  };
  const setFields = (change: Partial<CustomPeopleFields>) => setEditing((e) => (e ? { ...e, fields: { ...e.fields, ...change } } : e));
  const setDosage = (field: string, dosage: number | null) => setEditing((e) => {
    if (!e) return e;
    const others = e.fields.foodIngredients.filter((d) => d.field !== field);
    const next = dosage === null ? others : [...others, { field, dosage }];
    return { ...e, fields: { ...e.fields, foodIngredients: FOOD_GROUPS.flatMap((g) => next.filter((d) => d.field === g)) } };
  });
  const refusal = editing ? customPeopleRefusal(editing.fields) : null;

  const columns: Column<RecipePeople>[] = [
    {
      key: 'name', header: <Trans>人群</Trans>,
      render: (p) => (
        <span data-testid="people-name">
          {p.name} {p.custom ? <Badge appearance="tint" color="brand"><Trans>自定义</Trans></Badge> : <Badge appearance="tint"><Trans>参考</Trans></Badge>}
          {p.defaultEnable ? <> <Badge appearance="filled" color="success"><Trans>默认</Trans></Badge></> : null}
        </span>
      ),
    },
    { key: 'age', header: <Trans>年龄</Trans>, width: '110px', render: (p) => (p.customAvgAge === null ? t`${p.ageRange} 岁` : t`${p.ageRange} 岁（平均 ${p.customAvgAge}）`) },
    { key: 'energy', header: <Trans>能量（千卡/天）</Trans>, width: '130px', render: (p) => p.energyKcal },
    { key: 'foods', header: <Trans>食物用量（克/天）</Trans>, render: (p) => p.foodIngredients.map((d) => `${d.field} ${d.dosage}`).join('、') || '—' },
    { key: 'enable', header: <Trans>启用</Trans>, width: '80px', render: (p) => <Switch checked={p.enable === 1} disabled={!writes} onChange={() => enable.mutate(p)} aria-label={t`启用 ${p.name}`} /> },
    ...(writes ? [{
      key: 'actions', header: <Trans>操作</Trans>,
      render: (p: RecipePeople) => (
        <>
          <Button size="small" appearance="subtle" onClick={() => makeDefault.mutate(p)} data-testid="people-default">{p.defaultEnable ? <Trans>取消默认</Trans> : <Trans>设为默认</Trans>}</Button>
          {p.custom && <Button size="small" appearance="subtle" icon={<EditRegular />} onClick={() => open(p)}><Trans>编辑</Trans></Button>}
          <Button size="small" appearance="subtle" icon={<DeleteRegular />} onClick={() => setRemoving(p)}><Trans>删除</Trans></Button>
        </>
      ),
    }] : []),
  ];

  return (
    <>
      <ScreenFrame
        title={<Trans>自定义人群管理</Trans>} testId="screen-mallRecipeCustomPeopleManage" loading={query.isLoading}
        error={error ?? (query.error ? errorText(query.error) : null)}
        actions={writes ? (
          <>
            <Dropdown
              placeholder={t`添加参考人群`} value="" selectedOptions={[]} disabled={notAdded.length === 0 || addReference.isPending}
              onOptionSelect={(_, d) => d.optionValue && addReference.mutate(d.optionValue)} data-testid="people-add-reference"
            >
              {notAdded.map((e) => <Option key={e.peopleEnergyId} value={e.peopleEnergyId}>{e.name}</Option>)}
            </Dropdown>
            <Button appearance="primary" icon={<AddRegular />} onClick={() => open()} data-testid="people-add-custom"><Trans>新增自定义人群</Trans></Button>
          </>
        ) : undefined}
      >
        <DataTable rows={rows} columns={columns} rowKey={(p) => p.peopleId} testId="people-table" />
      </ScreenFrame>
      <FormDialog
        open={editing !== null} title={editing?.people ? <Trans>编辑自定义人群</Trans> : <Trans>新增自定义人群</Trans>} testId="people-form"
        busy={save.isPending} submitDisabled={refusal !== null} error={formError}
        onSubmit={() => editing && save.mutate(editing)} onClose={() => setEditing(null)}
      >
        {editing && (
          <>
            <Field label={<Trans>人群名称</Trans>} required>
              <Input value={editing.fields.name} maxLength={PEOPLE_LIMITS.nameMax} onChange={(_, d) => setFields({ name: d.value })} data-testid="people-name-input" />
            </Field>
            <div className={s.ages}>
              <Field label={<Trans>最小年龄</Trans>}>
                <NumberInput min={0} max={PEOPLE_LIMITS.ageMax} precision={0} fallback={0} value={editing.fields.minAge} onChange={(v) => setFields({ minAge: v ?? 0 })} />
              </Field>
              <Field label={<Trans>最大年龄</Trans>}>
                <NumberInput min={0} max={PEOPLE_LIMITS.ageMax} precision={0} fallback={0} value={editing.fields.maxAge} onChange={(v) => setFields({ maxAge: v ?? 0 })} />
              </Field>
              <Field label={<Trans>能量（千卡/天）</Trans>}>
                <NumberInput min={0} max={PEOPLE_LIMITS.energyMax} step={50} fallback={0} value={editing.fields.energyKcal} onChange={(v) => setFields({ energyKcal: v ?? 0 })} data-testid="people-energy-input" />
              </Field>
            </div>
            <Field label={<Trans>各类食物每日用量（克，可不填）</Trans>}>
              <div className={s.dosages}>
                {FOOD_GROUPS.map((g) => {
                  const value = editing.fields.foodIngredients.find((d) => d.field === g)?.dosage;
                  return (
                    <NumberInput
                      key={g} min={0} max={PEOPLE_LIMITS.dosageMax} contentBefore={g} value={value ?? null} aria-label={g}
                      onChange={(v) => setDosage(g, v)}
                    />
                  );
                })}
              </div>
            </Field>
          </>
        )}
      </FormDialog>
      <ConfirmDialog open={removing !== null} title={<Trans>删除人群</Trans>} busy={remove.isPending} onCancel={() => setRemoving(null)} onConfirm={() => removing && remove.mutate(removing)}>
        <Trans>确定删除人群「{removing?.name}」吗？</Trans>
      </ConfirmDialog>
    </>
  );
}
