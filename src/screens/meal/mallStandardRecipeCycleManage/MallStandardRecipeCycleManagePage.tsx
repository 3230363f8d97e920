import { useState } from 'react';
import {
  Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, Dropdown, Field, Input, MessageBar, MessageBarBody, Option,
} from '@fluentui/react-components';
import { CloudArrowUpRegular, CopyRegular, EyeRegular } from '@fluentui/react-icons';
import { Trans, useLingui } from '@lingui/react/macro';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { recipeCyclesQuery, type RecipeCycleRow } from '../../../../services/recipeCycles.ts';
import { cloudRecipeQuery, cloudRecipesQuery, copyCloudRecipe, publishCloudRecipe, recipeSharingKeys, type RecipeCloneResult } from '../../../../services/recipeSharing.ts';
import { ScreenFrame } from '../shared/ScreenFrame.tsx';
import { DataTable, type Column } from '../shared/DataTable.tsx';
import { Pager } from '../shared/Pager.tsx';
import { errorText } from '../shared/errors.ts';
import { useOrgQueryKey } from '../shared/useOrgQueryKey.ts';
import { CyclePreviewDialog } from '../shared/recipeCycle/CyclePreview.tsx';
import { CopyCycleDialog } from '../shared/recipeCycle/CopyCycleDialog.tsx';
import { PATTERN_LABELS } from '../mallRecipeCycleManage/labels.ts';

const PAGE_SIZE = 20;

/**
 * mallStandardRecipeCycleManage (云食谱列表, issue 9): the cloud recipes, published cycles of the standard org
 * (§9 'standard'). Anyone of the org looks at one; whoever may make cycles copies it into the org's own cycles,
 * where it is an independent draft (dishes the org lacks come along as the org's dishes).
 */
export default function MallStandardRecipeCycleManagePage() {
  const { t, i18n } = useLingui();
  const { orgApp, ready } = useOrgQueryKey();
  const orgId = ready ? orgApp?.orgId : undefined;
  const [name, setName] = useState('');
  const [page, setPage] = useState(0);
  const [viewing, setViewing] = useState<RecipeCycleRow | null>(null);
  const [copying, setCopying] = useState<RecipeCycleRow | null>(null);
  const [copied, setCopied] = useState<RecipeCloneResult | null>(null);
  const [publishing, setPublishing] = useState(false);
  const list = useQuery({ ...cloudRecipesQuery(orgId, { ...(name.trim() && { name: name.trim() }), $limit: PAGE_SIZE, $skip: page * PAGE_SIZE }), placeholderData: keepPreviousData });
  const preview = useQuery({ ...cloudRecipeQuery(orgId, viewing?.id ?? ''), enabled: Boolean(orgId && viewing) });

  const columns: Column<RecipeCycleRow>[] = [
    { key: 'name', header: <Trans>云食谱</Trans>, render: (c) => <span data-testid="cloud-row-name">{c.name}</span>, phone: 'title' },
    { key: 'span', header: <Trans>周期</Trans>, render: (c) => (c.cycleOption === 'week' ? t`${c.weeks} 周` : t`一个月`), width: '80px' },
    { key: 'pattern', header: <Trans>餐次模式</Trans>, render: (c) => (PATTERN_LABELS[c.mealPattern] ? i18n._(PATTERN_LABELS[c.mealPattern]) : String(c.mealPattern)), width: '96px' },
    { key: 'ages', header: <Trans>年龄段</Trans>, render: (c) => c.ageGroups.map((g) => g.ageRange).join('、'), width: '120px' },
    { key: 'cells', header: <Trans>已排餐次</Trans>, render: (c) => c.cellCount, width: '80px' },
    {
      key: 'actions', header: <Trans>操作</Trans>, width: '200px',
      render: (c) => (
        <>
          <Button size="small" appearance="subtle" icon={<EyeRegular />} onClick={() => setViewing(c)} data-testid="cloud-view"><Trans>查看</Trans></Button>
          <Button size="small" appearance="subtle" icon={<CopyRegular />} onClick={() => { setCopied(null); setCopying(c); }} data-testid="cloud-copy"><Trans>复制到本机构</Trans></Button>
        </>
      ),
    },
  ];

  return (
    <ScreenFrame
      title={<Trans>云食谱列表</Trans>} testId="screen-mallStandardRecipeCycleManage" loading={list.isLoading}
      error={list.error ? errorText(list.error) : null}
      actions={list.data?.mayPublish ? (
        <Button icon={<CloudArrowUpRegular />} onClick={() => setPublishing(true)} data-testid="cloud-publish"><Trans>发布到云食谱</Trans></Button>
      ) : undefined}
      toolbar={<Input value={name} placeholder={t`搜索云食谱`} onChange={(_, d) => { setName(d.value); setPage(0); }} data-testid="cloud-search" />}
    >
      {copied && (
        <MessageBar intent="success" data-testid="cloud-copied">
          <MessageBarBody>
            <Trans>已复制为本机构的周食谱「{copied.name}」（草稿），可在周食谱管理中编辑。新增菜品 {copied.dishesCopied} 道，沿用本机构同名菜品 {copied.dishesMatched} 道。</Trans>
          </MessageBarBody>
        </MessageBar>
      )}
      <DataTable rows={list.data?.rows ?? []} columns={columns} rowKey={(c) => c.id} testId="cloud-table" />
      <Pager page={page} size={PAGE_SIZE} count={list.data?.count ?? 0} onPage={setPage} />
      {viewing && <CyclePreviewDialog title={viewing.name} preview={preview} onClose={() => setViewing(null)} />}
      {publishing && <PublishDialog onClose={() => setPublishing(false)} />}
      {copying && (
        <CopyCycleDialog source={copying} copy={(input) => copyCloudRecipe(copying.id, input)} onClose={() => setCopying(null)}
          onCopied={(r) => { setCopying(null); setCopied(r); }} />
      )}
    </ScreenFrame>
  );
}

/** The platform publishes one of the org's published cycles into the cloud (a copy in the standard org). */
function PublishDialog({ onClose }: { onClose: () => void }) {
  const { t } = useLingui();
  const qc = useQueryClient();
  const { orgApp, ready } = useOrgQueryKey();
  const cycles = useQuery(recipeCyclesQuery(ready ? orgApp?.orgId : undefined, { status: 'published', $limit: 200 }));
  const [cycleId, setCycleId] = useState('');
  const [error, setError] = useState<string | null>(null);
  const publish = useMutation({
    mutationFn: () => publishCloudRecipe(cycleId),
    onSuccess: () => { void qc.invalidateQueries({ queryKey: recipeSharingKeys.all }); onClose(); },
    onError: (e) => setError(errorText(e)),
  });
  const rows = cycles.data?.rows ?? [];
  return (
    <Dialog open onOpenChange={(_, d) => { if (!d.open) onClose(); }}>
      <DialogSurface>
        <DialogBody>
          <DialogTitle><Trans>发布到云食谱</Trans></DialogTitle>
          <DialogContent>
            <Field label={<Trans>本机构已发布的周食谱</Trans>} required validationState={error ? 'error' : 'none'} validationMessage={error}>
              <Dropdown value={rows.find((c) => c.id === cycleId)?.name ?? ''} selectedOptions={cycleId ? [cycleId] : []} placeholder={t`选择周食谱`}
                onOptionSelect={(_, d) => setCycleId(d.optionValue ?? '')} data-testid="cloud-publish-cycle">
                {rows.map((c) => <Option key={c.id} value={c.id}>{c.name}</Option>)}
              </Dropdown>
            </Field>
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}><Trans>取消</Trans></Button>
            <Button appearance="primary" disabled={!cycleId || publish.isPending} onClick={() => { setError(null); publish.mutate(); }} data-testid="cloud-publish-save"><Trans>发布</Trans></Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
