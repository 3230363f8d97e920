import { useEffect, useState } from 'react';
import { Button, Checkbox, Field, Radio, RadioGroup, Text, makeStyles, tokens } from '@fluentui/react-components';
import { SaveRegular } from '@fluentui/react-icons';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  recipeApproverKeys, recipeApproversQuery, setRecipeApprovers, type RecipeApprovers, type RecipeApproversInput,
} from '../../../../services/recipeApprovers.ts';
import { recipeCycleKeys } from '../../../../services/recipeCycles.ts';
import { errorText } from '../shared/errors.ts';
import { useOrgQueryKey } from '../shared/useOrgQueryKey.ts';

const useStyles = makeStyles({
  section: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, maxWidth: '720px', marginBottom: tokens.spacingVerticalXL },
  choices: { display: 'flex', flexWrap: 'wrap', columnGap: tokens.spacingHorizontalL, maxHeight: '240px', overflowY: 'auto' },
  hint: { color: tokens.colorNeutralForeground3 },
  error: { color: tokens.colorPaletteRedForeground1 },
});

type Draft = Required<RecipeApproversInput>;
const draftOf = (a: RecipeApprovers): Draft => ({
  // nothing saved yet (the org admins approve): the form starts from the roles those admins hold
  mode: a.mode === 'admins' ? 'roles' : a.mode,
  roleIds: a.mode === 'admins' ? a.roles.map((r) => r.roleId) : a.roleIds,
  userIds: a.userIds,
});

/**
 * 食谱审核 in the recipe settings (issue 28): who approves the org's weekly recipes — nobody (submitting publishes),
 * the holders of chosen roles, or chosen members. Those who may change the org config change it; everyone else
 * reads who approves now.
 */
export function RecipeApproverSettings() {
  const { t } = useLingui();
  const s = useStyles();
  const { orgApp, ready } = useOrgQueryKey();
  const qc = useQueryClient();
  const query = useQuery({ ...recipeApproversQuery(orgApp?.orgId), enabled: ready });
  const a = query.data;
  const [draft, setDraft] = useState<Draft | null>(null);
  const [saved, setSaved] = useState(false);
  useEffect(() => { if (a) setDraft(draftOf(a)); }, [a]);

  const save = useMutation({
    mutationFn: (d: Draft) => setRecipeApprovers({ mode: d.mode, ...(d.mode === 'roles' && { roleIds: d.roleIds }), ...(d.mode === 'members' && { userIds: d.userIds }) }),
    onSuccess: (next) => {
      setSaved(true);
      qc.setQueryData(recipeApproverKeys.of(orgApp?.orgId), next);
      // the cycles' abilities (who approves, submit or publish) follow the rule
      void qc.invalidateQueries({ queryKey: recipeCycleKeys.all });
    },
    onError: () => setSaved(false),
  });
  if (!a || !draft) return null;

  const names = a.approvers.map((p) => p.name).join(t`、`);
  const roles = a.roles.map((r) => r.name).join(t`、`);
  const who = names && roles ? t`${names}（${roles}）` : names;
  const now = a.mode === 'none' ? t`当前：无需审核，提交即发布。`
    : who ? t`当前审核人：${who}` : t`当前没有能审核周食谱的人。`;
  const toggle = (key: 'roleIds' | 'userIds', id: string, on: boolean) => {
    setSaved(false);
    setDraft((d) => (d ? { ...d, [key]: on ? [...new Set([...d[key], id])] : d[key].filter((x) => x !== id) } : d));
  };
  const incomplete = (draft.mode === 'roles' && draft.roleIds.length === 0) || (draft.mode === 'members' && draft.userIds.length === 0);

  return (
    <div className={s.section} data-testid="recipe-approver-settings">
      <Field label={<Trans>食谱审核</Trans>} hint={t`谁审核营养师提交的周食谱；提交者本人不能审核自己提交的食谱`}>
        <RadioGroup
          value={draft.mode} disabled={!a.canChange} data-testid="recipe-approver-mode"
          onChange={(_, d) => { setSaved(false); setDraft({ ...draft, mode: d.value as Draft['mode'] }); }}
        >
          <Radio value="none" label={t`无需审核：提交即发布（日志记为未经审核发布）`} />
          <Radio value="roles" label={t`指定角色的成员审核`} />
          <Radio value="members" label={t`指定成员审核`} />
        </RadioGroup>
      </Field>
      {a.canChange && draft.mode === 'roles' && (
        <div className={s.choices} data-testid="recipe-approver-roles">
          {(a.choices?.roles ?? []).map((r) => (
            <Checkbox key={r.roleId} label={r.name} checked={draft.roleIds.includes(r.roleId)} onChange={(_, d) => toggle('roleIds', r.roleId, d.checked === true)} />
          ))}
        </div>
      )}
      {a.canChange && draft.mode === 'members' && (
        <div className={s.choices} data-testid="recipe-approver-members">
          {(a.choices?.members ?? []).map((m) => (
            <Checkbox key={m.userId} label={m.name} checked={draft.userIds.includes(m.userId)} onChange={(_, d) => toggle('userIds', m.userId, d.checked === true)} />
          ))}
        </div>
      )}
      <Text className={s.hint} data-testid="recipe-approver-current">{now}</Text>
      {a.canChange ? (
        <div>
          <Button icon={<SaveRegular />} disabled={save.isPending || incomplete} onClick={() => save.mutate(draft)} data-testid="recipe-approver-save">
            <Trans>保存审核设置</Trans>
          </Button>
        </div>
      ) : (
        <Text className={s.hint}><Trans>只有机构管理员或有“修改机构配置”权限的成员可以修改审核设置。</Trans></Text>
      )}
      {save.error && <Text role="alert" className={s.error}>{errorText(save.error)}</Text>}
      {saved && <Text role="status" className={s.hint} data-testid="recipe-approver-saved"><Trans>审核设置已保存</Trans></Text>}
    </div>
  );
}
