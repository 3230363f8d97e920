// 应用管理: the platform's apps (§3 appId cp + year + sequence), their names and config (§7 GET/POST
// /v2/config/app, PUT /v2/config/app/{appId}).
import { useState } from 'react';
import {
  Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, Field, Input, MessageBar, MessageBarBody, Spinner,
  Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow, Textarea, Title3, makeStyles, tokens,
} from '@fluentui/react-components';
import { AddRegular, EditRegular } from '@fluentui/react-icons';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { appKeys, appOrgsQuery, appsQuery, createApp, updateApp, type AppRow } from '../../../../services/apps.ts';
import { useCurrentOrgApp } from '../../../app/hooks.ts';
import { useIsProvider } from '../orgAppManage/useIsProvider.ts';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL, padding: tokens.spacingVerticalXL, minWidth: 0 },
  bar: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalM },
  grow: { flexGrow: 1 },
  mono: { fontFamily: tokens.fontFamilyMonospace, fontSize: tokens.fontSizeBase200 },
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
});

export default function AppsManagePage() {
  const styles = useStyles();
  const { t } = useLingui();
  const orgId = useCurrentOrgApp()?.orgId;
  const apps = useQuery(appsQuery(orgId));
  const [editing, setEditing] = useState<AppRow | 'new' | null>(null);
  const [orgsOf, setOrgsOf] = useState<AppRow | null>(null);
  const isProvider = useIsProvider();
  return (
    <div className={styles.root} data-testid="apps-manage-page">
      <div className={styles.bar}>
        <Title3 className={styles.grow}><Trans>应用管理</Trans></Title3>
        {isProvider && (
          <Button appearance="primary" icon={<AddRegular />} onClick={() => setEditing('new')} data-testid="app-create">
            <Trans>新建应用</Trans>
          </Button>
        )}
      </div>
      {apps.isError && <MessageBar intent="error"><MessageBarBody>{apps.error.message}</MessageBarBody></MessageBar>}
      {apps.isLoading && <Spinner label={t`正在加载…`} />}
      <Table size="small" aria-label={t`应用管理`}>
        <TableHeader>
          <TableRow>
            <TableHeaderCell><Trans>应用编号</Trans></TableHeaderCell>
            <TableHeaderCell><Trans>应用名称</Trans></TableHeaderCell>
            <TableHeaderCell><Trans>机构数</Trans></TableHeaderCell>
            <TableHeaderCell><Trans>配置</Trans></TableHeaderCell>
            <TableHeaderCell><Trans>操作</Trans></TableHeaderCell>
          </TableRow>
        </TableHeader>
        <TableBody>
          {(apps.data?.rows ?? []).map((a) => (
            <TableRow key={a.appId} data-testid="app-row" data-app-id={a.appId}>
              <TableCell className={styles.mono}>{a.appId}</TableCell>
              <TableCell>{a.appName}</TableCell>
              <TableCell>
                <Button size="small" appearance="transparent" onClick={() => setOrgsOf(a)} disabled={!a.orgCount} data-testid="app-org-count"
                  aria-label={t`查看使用「${a.appName}」的机构`}>{a.orgCount}</Button>
              </TableCell>
              <TableCell className={styles.mono}>{JSON.stringify(a.config)}</TableCell>
              <TableCell>
                <Button size="small" icon={<EditRegular />} onClick={() => setEditing(a)} disabled={!isProvider}><Trans>编辑</Trans></Button>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {editing && <AppDialog app={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
      {orgsOf && <AppOrgsDialog orgId={orgId} app={orgsOf} onClose={() => setOrgsOf(null)} />}
    </div>
  );
}

function AppDialog({ app, onClose }: { app: AppRow | null; onClose: () => void }) {
  const styles = useStyles();
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const [appName, setAppName] = useState(app?.appName ?? '');
  const [config, setConfig] = useState(JSON.stringify(app?.config ?? {}, null, 2));
  let parsed: Record<string, unknown> | null = null;
  try {
    const v: unknown = JSON.parse(config);
    parsed = v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null;
  } catch {
    parsed = null;
  }
  const save = useMutation({
    mutationFn: () => (app ? updateApp(app.appId, { appName: appName.trim(), config: parsed ?? {} }) : createApp({ appName: appName.trim(), config: parsed ?? {} })),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: appKeys.all });
      onClose();
    },
  });
  return (
    <Dialog open onOpenChange={(_, d) => !d.open && onClose()}>
      <DialogSurface>
        <DialogBody>
          <DialogTitle>{app ? t`编辑应用 ${app.appId}` : t`新建应用`}</DialogTitle>
          <DialogContent className={styles.form}>
            <Field label={t`应用名称`} required validationMessage={!appName.trim() ? t`请输入应用名称` : undefined}>
              <Input value={appName} onChange={(_, d) => setAppName(d.value)} maxLength={64} data-testid="app-name" />
            </Field>
            <Field label={t`应用配置（JSON）`} hint={t`例如 {"mallRecipeUserLimite": 5}`} validationMessage={parsed ? undefined : t`请输入 JSON 对象`}>
              <Textarea value={config} onChange={(_, d) => setConfig(d.value)} rows={6} className={styles.mono} />
            </Field>
            {!app && <p><Trans>应用编号按 cp + 年份 + 三位序号自动生成。</Trans></p>}
            {save.isError && <MessageBar intent="error"><MessageBarBody>{save.error.message}</MessageBarBody></MessageBar>}
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}><Trans>取消</Trans></Button>
            <Button appearance="primary" disabled={!appName.trim() || !parsed || save.isPending} onClick={() => save.mutate()} data-testid="app-save">
              <Trans>保存</Trans>
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}

/** The orgs that use an app (§7 GET /v1/config/app/org), opened from its org count. */
function AppOrgsDialog({ orgId, app, onClose }: { orgId: string | undefined; app: AppRow; onClose: () => void }) {
  const orgs = useQuery(appOrgsQuery(orgId, app.appId));
  return (
    <Dialog open onOpenChange={(_, d) => { if (!d.open) onClose(); }}>
      <DialogSurface data-testid="app-orgs-dialog">
        <DialogBody>
          <DialogTitle><Trans>使用「{app.appName}」的机构</Trans></DialogTitle>
          <DialogContent>
            {orgs.isLoading && <Spinner size="tiny" />}
            {orgs.error && <MessageBar intent="error"><MessageBarBody>{orgs.error.message}</MessageBarBody></MessageBar>}
            <Table size="small">
              <TableHeader>
                <TableRow>
                  <TableHeaderCell><Trans>机构名称</Trans></TableHeaderCell>
                  <TableHeaderCell><Trans>状态</Trans></TableHeaderCell>
                </TableRow>
              </TableHeader>
              <TableBody>
                {(orgs.data?.rows ?? []).map((o) => (
                  <TableRow key={o.id} data-testid="app-org-row">
                    <TableCell>{o.orgName}</TableCell>
                    <TableCell>{o.disabled ? <Trans>已停用</Trans> : <Trans>已启用</Trans>}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </DialogContent>
          <DialogActions><Button onClick={onClose}><Trans>关闭</Trans></Button></DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
