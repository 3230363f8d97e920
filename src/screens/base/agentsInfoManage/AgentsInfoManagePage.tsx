// 合作伙伴管理: product agents (§7 /v1/productagent): the domain each serves (§1 agent mode: a console opened
// on that domain lists only that agent's orgs), parent and child agents, their orgs.
import { useState } from 'react';
import {
  Badge, Button, Checkbox, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, Field, Input, MessageBar, MessageBarBody,
  Select, Spinner, Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow, Title3, makeStyles, tokens,
} from '@fluentui/react-components';
import { AddRegular, EditRegular } from '@fluentui/react-icons';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { agentKeys, agentsQuery, childAgentsQuery, createAgent, updateAgent, type ProductAgent } from '../../../../services/agents.ts';
import { useCurrentOrgApp } from '../../../app/hooks.ts';
import { readAgentId } from '../../../app/storage.ts';
import { useIsProvider } from '../orgAppManage/useIsProvider.ts';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL, padding: tokens.spacingVerticalXL, minWidth: 0 },
  bar: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalM, flexWrap: 'wrap' },
  grow: { flexGrow: 1 },
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  muted: { color: tokens.colorNeutralForeground3 },
});

export default function AgentsInfoManagePage() {
  const styles = useStyles();
  const { t } = useLingui();
  const isProvider = useIsProvider();
  const [parent, setParent] = useState('');
  const [editing, setEditing] = useState<ProductAgent | 'new' | null>(null);
  const orgId = useCurrentOrgApp()?.orgId;
  const all = useQuery(agentsQuery(orgId));
  const children = useQuery(childAgentsQuery(orgId, parent));
  const rows = parent ? (children.data?.rows ?? []) : (all.data?.rows ?? []);
  const nameOf = (id: string | null) => all.data?.rows.find((a) => a.agentId === id)?.name ?? id ?? '';
  const current = readAgentId();
  const error = all.error ?? children.error;
  return (
    <div className={styles.root} data-testid="agents-manage-page">
      <div className={styles.bar}>
        <Title3 className={styles.grow}><Trans>合作伙伴管理</Trans></Title3>
        <Select aria-label={t`下级合作伙伴`} value={parent} onChange={(_, d) => setParent(d.value)} data-testid="agents-parent">
          <option value="">{t`全部合作伙伴`}</option>
          {(all.data?.rows ?? []).map((a) => <option key={a.agentId} value={a.agentId}>{t`${a.name} 的下级`}</option>)}
        </Select>
        {isProvider && (
          <Button appearance="primary" icon={<AddRegular />} onClick={() => setEditing('new')} data-testid="agent-create"><Trans>新建合作伙伴</Trans></Button>
        )}
      </div>
      {error && <MessageBar intent="error"><MessageBarBody>{error.message}</MessageBarBody></MessageBar>}
      {(all.isLoading || children.isLoading) && <Spinner label={t`正在加载…`} />}
      <Table size="small" aria-label={t`合作伙伴管理`}>
        <TableHeader>
          <TableRow>
            <TableHeaderCell><Trans>名称</Trans></TableHeaderCell>
            <TableHeaderCell><Trans>域名</Trans></TableHeaderCell>
            <TableHeaderCell><Trans>上级</Trans></TableHeaderCell>
            <TableHeaderCell><Trans>机构数</Trans></TableHeaderCell>
            <TableHeaderCell><Trans>下级数</Trans></TableHeaderCell>
            <TableHeaderCell><Trans>操作</Trans></TableHeaderCell>
          </TableRow>
        </TableHeader>
        <TableBody>
          {rows.map((a) => (
            <TableRow key={a.agentId} data-testid="agent-row" data-agent-id={a.agentId}>
              <TableCell>
                {a.name} {a.isPrimary && <Badge size="small" appearance="tint"><Trans>主合作伙伴</Trans></Badge>}{' '}
                {a.agentId === current && <Badge size="small" color="success"><Trans>当前域名</Trans></Badge>}
              </TableCell>
              <TableCell>{a.domain || <span className={styles.muted}>—</span>}</TableCell>
              <TableCell>{a.parentAgentId ? nameOf(a.parentAgentId) : <span className={styles.muted}>—</span>}</TableCell>
              <TableCell>{a.orgCount ?? 0}</TableCell>
              <TableCell>
                {a.childCount ? <Button size="small" appearance="transparent" onClick={() => setParent(a.agentId)}>{a.childCount}</Button> : 0}
              </TableCell>
              <TableCell>
                <Button size="small" icon={<EditRegular />} disabled={!isProvider} onClick={() => setEditing(a)}><Trans>编辑</Trans></Button>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {editing && <AgentDialog agent={editing === 'new' ? null : editing} all={all.data?.rows ?? []} onClose={() => setEditing(null)} />}
    </div>
  );
}

function AgentDialog({ agent, all, onClose }: { agent: ProductAgent | null; all: ProductAgent[]; onClose: () => void }) {
  const styles = useStyles();
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const [name, setName] = useState(agent?.name ?? '');
  const [domain, setDomain] = useState(agent?.domain ?? '');
  const [parentAgentId, setParentAgentId] = useState(agent?.parentAgentId ?? '');
  const [isPrimary, setIsPrimary] = useState(agent?.isPrimary ?? false);
  const save = useMutation({
    mutationFn: () => {
      const body = { name: name.trim(), domain: domain.trim(), parentAgentId: parentAgentId || null, isPrimary };
      return agent ? updateAgent(agent.agentId, { ...body, version: agent.version }) : createAgent(body);
    },
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: agentKeys.all });
      onClose();
    },
  });
  return (
    <Dialog open onOpenChange={(_, d) => !d.open && onClose()}>
      <DialogSurface>
        <DialogBody>
          <DialogTitle>{agent ? t`编辑合作伙伴` : t`新建合作伙伴`}</DialogTitle>
          <DialogContent className={styles.form}>
            <Field label={t`名称`} required validationMessage={!name.trim() ? t`请输入名称` : undefined}>
              <Input value={name} onChange={(_, d) => setName(d.value)} maxLength={64} data-testid="agent-name" />
            </Field>
            <Field label={t`域名`} hint={t`在该域名打开控制台时只列出该合作伙伴的机构`}>
              <Input value={domain} onChange={(_, d) => setDomain(d.value)} maxLength={253} placeholder="partner.example.com" data-testid="agent-domain" />
            </Field>
            <Field label={t`上级合作伙伴`}>
              <Select value={parentAgentId} onChange={(_, d) => setParentAgentId(d.value)}>
                <option value="">{t`无`}</option>
                {all.filter((a) => a.agentId !== agent?.agentId).map((a) => <option key={a.agentId} value={a.agentId}>{a.name}</option>)}
              </Select>
            </Field>
            <Checkbox checked={isPrimary} onChange={(_, d) => setIsPrimary(d.checked === true)} label={t`主合作伙伴（也能看到体验机构和食谱入口机构）`} />
            {save.isError && <MessageBar intent="error"><MessageBarBody>{save.error.message}</MessageBarBody></MessageBar>}
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}><Trans>取消</Trans></Button>
            <Button appearance="primary" disabled={!name.trim() || save.isPending} onClick={() => save.mutate()} data-testid="agent-save"><Trans>保存</Trans></Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
