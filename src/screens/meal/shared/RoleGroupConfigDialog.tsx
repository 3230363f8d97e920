import { useEffect, useState } from 'react';
import { Dropdown, Field, Input, Option, Switch, tokens } from '@fluentui/react-components';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { FormDialog } from '../../../components/FormDialog.tsx';
import { parseDuration } from '../../../../domain/durations.ts';
import { categoriesQuery, mallRoleGroupKeys, updateRoleGroupConfig, type RoleGroupConfig } from '../../../../services/mall/catalogue.ts';
import { errorText } from './errors.ts';
import { useOrgQueryKey } from './useOrgQueryKey.ts';

/** §3 role group config editor: approval on/off, modify limit, cycle rule (§5 duration: 5d, 2w, 1m, 0d), approval group. */
export function RoleGroupConfigDialog({ config, onClose }: { config: RoleGroupConfig | null; onClose: () => void }) {
  const { t } = useLingui();
  const { orgApp, ready } = useOrgQueryKey();
  const qc = useQueryClient();
  const [draft, setDraft] = useState<RoleGroupConfig | null>(config);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => { setDraft(config); setError(null); }, [config]);
  const approvalGroups = useQuery({ ...categoriesQuery(orgApp?.orgId, orgApp?.appId, 'mallPriceApprovalGroups'), enabled: ready && config !== null });
  const ruleOk = !draft?.priceApprovalTimeRule || parseDuration(draft.priceApprovalTimeRule) !== null;
  const save = useMutation({
    mutationFn: (d: RoleGroupConfig) => updateRoleGroupConfig(d.roleGroupId, {
      priceApprovalEnable: d.priceApprovalEnable, priceModifyLimitEnable: d.priceModifyLimitEnable, priceApprovalTimeRule: d.priceApprovalTimeRule.trim(),
      priceApprovalGroup: d.priceApprovalGroup,
    }),
    onSuccess: () => { void qc.invalidateQueries({ queryKey: mallRoleGroupKeys.all }); onClose(); },
    onError: (e) => setError(errorText(e)),
  });
  const groups = approvalGroups.data?.rows ?? [];
  if (!draft) return null;
  return (
    <FormDialog
      open={config !== null} title={<Trans>价格配置：{draft.groupName}</Trans>} testId="config"
      contentStyle={{ display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS }}
      busy={save.isPending} submitDisabled={!ruleOk} error={error} onSubmit={() => { if (ruleOk) save.mutate(draft); }} onClose={onClose}
    >
      <Switch checked={draft.priceApprovalEnable} label={t`价格需要审核`} data-testid="config-approval"
        onChange={(_, d) => setDraft({ ...draft, priceApprovalEnable: d.checked })} />
      <Switch checked={draft.priceModifyLimitEnable} label={t`审核周期内不能再次修改已审核的价格`} data-testid="config-modify-limit"
        onChange={(_, d) => setDraft({ ...draft, priceModifyLimitEnable: d.checked })} />
      <Field label={<Trans>审核周期</Trans>} validationState={ruleOk ? 'none' : 'error'}
        validationMessage={ruleOk ? t`数字加 d（天）、w（周）、m（月）或 y（年），如 5d、2w、1m；0d、0w、0m 表示当天、本周（周一起）、本月；留空不限` : t`审核周期应为数字加 d、w、m 或 y，如 5d、2w、1m、0d`}>
        <Input value={draft.priceApprovalTimeRule} onChange={(_, d) => setDraft({ ...draft, priceApprovalTimeRule: d.value })} data-testid="config-time-rule" />
      </Field>
      <Field label={<Trans>价格审核组</Trans>} hint={<Trans>不指定时由所在区域的教育局审核</Trans>}>
        <Dropdown value={groups.find((g) => g.id === draft.priceApprovalGroup)?.name ?? ''} selectedOptions={draft.priceApprovalGroup ? [draft.priceApprovalGroup] : []}
          onOptionSelect={(_, d) => setDraft({ ...draft, priceApprovalGroup: d.optionValue || null })}>
          <Option value="">{t`不指定`}</Option>
          {groups.map((g) => <Option key={g.id} value={g.id}>{g.name}</Option>)}
        </Dropdown>
      </Field>
    </FormDialog>
  );
}
