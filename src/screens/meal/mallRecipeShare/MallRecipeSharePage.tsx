import { useState } from 'react';
import {
  Badge, Button, Checkbox, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, Dropdown, Field, Input, MessageBar,
  MessageBarBody, Option, makeStyles, tokens,
} from '@fluentui/react-components';
import { AddRegular, CopyRegular, DeleteRegular, EditRegular, EyeRegular } from '@fluentui/react-icons';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { SHARE_LIMITS } from '../../../../domain/recipeSharing.ts';
import { recipeCyclesQuery } from '../../../../services/recipeCycles.ts';
import {
  copySharedCycle, createRecipeShare, deleteRecipeShare, recipeSharesQuery, recipeSharingKeys, sharedCycleQuery, updateRecipeShare,
  type RecipeCloneResult, type RecipeShare,
} from '../../../../services/recipeSharing.ts';
import { ScreenFrame } from '../shared/ScreenFrame.tsx';
import { DataTable, type Column } from '../shared/DataTable.tsx';
import { ConfirmDialog } from '../shared/ConfirmDialog.tsx';
import { errorText } from '../shared/errors.ts';
import { useOrgQueryKey } from '../shared/useOrgQueryKey.ts';
import { CyclePreviewDialog } from '../shared/recipeCycle/CyclePreview.tsx';
import { CopyCycleDialog } from '../shared/recipeCycle/CopyCycleDialog.tsx';

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  orgs: { display: 'flex', flexDirection: 'column', maxHeight: '240px', overflowY: 'auto' },
});

/**
 * mallRecipeShare (食谱分享, issue 9, §7 /v4/mall/recipe/share): the cycles this org shared with other orgs, and the
 * ones shared with it. A shared cycle is read and copied by the orgs named, and by no one else.
 */
export default function MallRecipeSharePage() {
  const { orgApp, ready } = useOrgQueryKey();
  const orgId = ready ? orgApp?.orgId : undefined;
  const qc = useQueryClient();
  const list = useQuery(recipeSharesQuery(orgId));
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<RecipeShare | null>(null);
  const [viewing, setViewing] = useState<RecipeShare | null>(null);
  const [copying, setCopying] = useState<{ share: RecipeShare; cycle: { name: string; cycleOption: 'week' | 'month'; weeks: number } } | null>(null);
  const [copied, setCopied] = useState<RecipeCloneResult | null>(null);
  const [removing, setRemoving] = useState<RecipeShare | null>(null);
  const [error, setError] = useState<string | null>(null);
  const preview = useQuery({ ...sharedCycleQuery(orgId, viewing?.id ?? 0), enabled: Boolean(orgId && viewing) });
  const remove = useMutation({
    mutationFn: (r: RecipeShare) => deleteRecipeShare(r.id, r.version),
    onSuccess: () => { setRemoving(null); void qc.invalidateQueries({ queryKey: recipeSharingKeys.all }); },
    onError: (e) => { setRemoving(null); setError(errorText(e)); },
  });
  const orgName = new Map((list.data?.orgs ?? []).map((o) => [o.orgId, o.orgName]));

  const columns: Column<RecipeShare>[] = [
    { key: 'name', header: <Trans>分享名称</Trans>, render: (r) => <span data-testid="share-row-name">{r.name}</span>, phone: 'title' },
    { key: 'cycle', header: <Trans>周食谱</Trans>, render: (r) => r.cycleName },
    {
      key: 'from', header: <Trans>分享方向</Trans>, width: '220px',
      render: (r) => (r.own
        ? <><Badge appearance="tint" color="brand"><Trans>分享给</Trans></Badge> {r.orgIds.map((o) => orgName.get(o) ?? o).join('、')}</>
        : <><Badge appearance="tint" color="success"><Trans>来自</Trans></Badge> {r.orgName}</>),
    },
    {
      key: 'actions', header: <Trans>操作</Trans>, width: '240px',
      render: (r) => (
        <>
          <Button size="small" appearance="subtle" icon={<EyeRegular />} onClick={() => setViewing(r)} data-testid="share-view"><Trans>查看</Trans></Button>
          {!r.own && (
            <Button size="small" appearance="subtle" icon={<CopyRegular />} data-testid="share-copy"
              onClick={async () => {
                setCopied(null);
                try {
                  const c = await qc.fetchQuery(sharedCycleQuery(orgId, r.id));
                  setCopying({ share: r, cycle: c });
                } catch (e) { setError(errorText(e)); }
              }}>
              <Trans>复制到本机构</Trans>
            </Button>
          )}
          {r.own && list.data?.mayShare && (
            <Button size="small" appearance="subtle" icon={<EditRegular />} onClick={() => setEditing(r)} data-testid="share-edit"><Trans>修改</Trans></Button>
          )}
          {r.own && list.data?.mayShare && (
            <Button size="small" appearance="subtle" icon={<DeleteRegular />} onClick={() => setRemoving(r)} data-testid="share-delete"><Trans>取消分享</Trans></Button>
          )}
        </>
      ),
    },
  ];

  return (
    <ScreenFrame
      title={<Trans>食谱分享</Trans>} testId="screen-mallRecipeShare" loading={list.isLoading}
      error={error ?? (list.error ? errorText(list.error) : null)}
      actions={list.data?.mayShare ? <Button appearance="primary" icon={<AddRegular />} onClick={() => setCreating(true)} data-testid="share-create"><Trans>分享周食谱</Trans></Button> : undefined}
    >
      {copied && (
        <MessageBar intent="success" data-testid="share-copied">
          <MessageBarBody><Trans>已复制为本机构的周食谱「{copied.name}」（草稿）。新增菜品 {copied.dishesCopied} 道，沿用本机构同名菜品 {copied.dishesMatched} 道。</Trans></MessageBarBody>
        </MessageBar>
      )}
      <DataTable rows={list.data?.rows ?? []} columns={columns} rowKey={(r) => String(r.id)} testId="share-table" />
      {creating && <ShareDialog orgs={list.data?.orgs ?? []} onClose={() => setCreating(false)} />}
      {editing && <ShareDialog orgs={list.data?.orgs ?? []} editing={editing} onClose={() => setEditing(null)} />}
      {viewing && <CyclePreviewDialog title={viewing.cycleName} preview={preview} onClose={() => setViewing(null)} />}
      {copying && (
        <CopyCycleDialog source={copying.cycle} copy={(input) => copySharedCycle(copying.share.id, input)} onClose={() => setCopying(null)}
          onCopied={(r) => { setCopying(null); setCopied(r); }} />
      )}
      <ConfirmDialog open={removing !== null} title={<Trans>取消分享</Trans>} busy={remove.isPending} onCancel={() => setRemoving(null)} onConfirm={() => removing && remove.mutate(removing)}>
        <Trans>确定取消分享「{removing?.name}」吗？对方已复制的食谱不受影响。</Trans>
      </ConfirmDialog>
    </ScreenFrame>
  );
}

/** A new share, or a change of one of the org's shares (sent with the version read: a change meanwhile is a 409). */
function ShareDialog({ orgs, editing, onClose }: { orgs: { orgId: string; orgName: string }[]; editing?: RecipeShare; onClose: () => void }) {
  const s = useStyles();
  const { t } = useLingui();
  const qc = useQueryClient();
  const { orgApp, ready } = useOrgQueryKey();
  const cycles = useQuery(recipeCyclesQuery(ready ? orgApp?.orgId : undefined, { $limit: 200 }));
  const [cycleId, setCycleId] = useState(editing?.cycleId ?? '');
  const [name, setName] = useState(editing?.name ?? '');
  const [chosen, setChosen] = useState<string[]>(editing?.orgIds ?? []);
  const [error, setError] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: () => (editing
      ? updateRecipeShare(editing.id, { name, cycleId, orgIds: chosen, version: editing.version })
      : createRecipeShare({ name, cycleId, orgIds: chosen })),
    onSuccess: () => { void qc.invalidateQueries({ queryKey: recipeSharingKeys.all }); onClose(); },
    onError: (e) => setError(errorText(e)),
  });
  const rows = cycles.data?.rows ?? [];
  return (
    <Dialog open onOpenChange={(_, d) => { if (!d.open) onClose(); }}>
      <DialogSurface>
        <DialogBody>
          <DialogTitle>{editing ? <Trans>修改分享</Trans> : <Trans>分享周食谱</Trans>}</DialogTitle>
          <DialogContent className={s.form}>
            <Field label={<Trans>周食谱</Trans>} required>
              <Dropdown value={rows.find((c) => c.id === cycleId)?.name ?? editing?.cycleName ?? ''} selectedOptions={cycleId ? [cycleId] : []} placeholder={t`选择要分享的周食谱`} data-testid="share-cycle"
                onOptionSelect={(_, d) => {
                  const c = rows.find((x) => x.id === d.optionValue);
                  setCycleId(d.optionValue ?? '');
                  if (c && !name) setName(c.name.slice(0, SHARE_LIMITS.nameMax));
                }}>
                {rows.map((c) => <Option key={c.id} value={c.id}>{c.name}</Option>)}
              </Dropdown>
            </Field>
            <Field label={<Trans>分享名称</Trans>} required>
              <Input value={name} maxLength={SHARE_LIMITS.nameMax} onChange={(_, d) => setName(d.value)} data-testid="share-name" />
            </Field>
            <Field label={<Trans>分享给</Trans>} required>
              <div className={s.orgs}>
                {orgs.length === 0 && <Trans>没有可分享的机构</Trans>}
                {orgs.map((o) => (
                  <Checkbox key={o.orgId} label={o.orgName} checked={chosen.includes(o.orgId)} data-testid={`share-org-${o.orgId}`}
                    onChange={(_, d) => setChosen((c) => (d.checked ? [...c, o.orgId] : c.filter((x) => x !== o.orgId)))} />
                ))}
              </div>
            </Field>
            {error && <Field validationState="error" validationMessage={error} data-testid="share-error" />}
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}><Trans>取消</Trans></Button>
            <Button appearance="primary" disabled={save.isPending || !cycleId} onClick={() => { setError(null); save.mutate(); }} data-testid="share-save"><Trans>分享</Trans></Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
