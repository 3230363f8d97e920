// The system provider's list of every organisation's org-app: type, partner, expiration, users against the
// limit; create from a template, edit expiration/limit/type/partner, enable or disable. Shared by 机构管理 and
// 集采机构管理 (which shows only fresh-delivery supplier orgs).
import { useMemo, useState } from 'react';
import {
  Badge,
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Field,
  Input,
  MessageBar,
  MessageBarBody,
  Select,
  Spinner,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  Title3,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { AddRegular, ArrowClockwiseRegular, EditRegular, SearchRegular } from '@fluentui/react-icons';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ORG_TYPES } from '../../../../domain/orgInit.ts';
import { orgTypeLabelKey } from '../../../../domain/orgAppChooser.ts';
import type { OrgType } from '../../../../domain/types.ts';
import { orgAppKeys, orgAppsQuery, setOrgAppDisabled, updateOrgSettings, type OrgAppRow } from '../../../../services/apps.ts';
import { agentsQuery } from '../../../../services/agents.ts';
import { useCurrentOrgApp } from '../../../app/hooks.ts';
import { useIsProvider } from './useIsProvider.ts';
import { CreateOrgDialog } from './CreateOrgDialog.tsx';
import { ORG_TYPE_LABELS, SUPPLIER_TYPE_LABELS } from './orgLabels.ts';
import { useIntlFormat } from '../../../components/useIntlFormat.ts';
import { NumberInput } from '../../../components/NumberInput.tsx';
import { numberText } from '../../../components/numberText.ts';
import { useDiscardGuard } from '../../../components/useDiscardGuard.tsx';
import { DateInput } from '../../../components/DateInput.tsx';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL, padding: tokens.spacingVerticalXL, minWidth: 0 },
  bar: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalM },
  grow: { flexGrow: 1 },
  tableWrap: { overflowX: 'auto', backgroundColor: tokens.colorNeutralBackground1, borderRadius: tokens.borderRadiusMedium },
  table: { minWidth: '1180px' },
  actionsCell: { width: '190px' },
  muted: { color: tokens.colorNeutralForeground3 },
  actions: { display: 'flex', gap: tokens.spacingHorizontalXS },
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
});


export interface OrgAppListProps {
  title: string;
  testId: string;
  /** 集采机构管理: only orgs of this supplier type */
  supplierType?: string;
  /** 产品管理: only the org-apps of one app */
  appId?: string;
  preferTemplate?: string;
}

export function OrgAppList({ title, testId, supplierType, appId, preferTemplate }: OrgAppListProps) {
  const fmt = useIntlFormat();
  const styles = useStyles();
  const { t, i18n } = useLingui();
  const queryClient = useQueryClient();
  const [keyword, setKeyword] = useState('');
  const [orgType, setOrgType] = useState('');
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<OrgAppRow | null>(null);
  const filter = { supplierType, appId, orgType: orgType || undefined };
  const orgId = useCurrentOrgApp()?.orgId;
  const list = useQuery(orgAppsQuery(orgId, filter));
  const agents = useQuery(agentsQuery(orgId));
  const toggle = useMutation({
    mutationFn: (row: OrgAppRow) => setOrgAppDisabled(row.id, !row.disabled),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: orgAppKeys.all }),
  });
  const isProvider = useIsProvider();

  const rows = useMemo(() => {
    const q = keyword.trim().toLowerCase();
    return (list.data?.rows ?? []).filter((r) => !q || `${r.orgName} ${r.orgId} ${r.appName} ${r.agentName ?? ''}`.toLowerCase().includes(q));
  }, [list.data, keyword]);

  return (
    <div className={styles.root} data-testid={testId}>
      <div className={styles.bar}>
        <Title3 className={styles.grow}>{title}</Title3>
        <Input data-testid="orgapp-manage-search" contentBefore={<SearchRegular />} placeholder={t`搜索机构、应用或合作伙伴`} value={keyword} onChange={(_, d) => setKeyword(d.value)} />
        <Select aria-label={t`机构类型`} value={orgType} onChange={(_, d) => setOrgType(d.value)}>
          <option value="">{t`全部类型`}</option>
          {ORG_TYPES.map((o) => (
            <option key={o} value={o}>{i18n._(ORG_TYPE_LABELS[o])}</option>
          ))}
        </Select>
        <Button icon={<ArrowClockwiseRegular />} onClick={() => void list.refetch()} aria-label={t`刷新`} />
        {isProvider && (
          <Button appearance="primary" icon={<AddRegular />} onClick={() => setCreating(true)} data-testid="orgapp-create">
            <Trans>从模板创建机构</Trans>
          </Button>
        )}
      </div>
      {list.isError && (
        <MessageBar intent="error">
          <MessageBarBody>{list.error.message}</MessageBarBody>
        </MessageBar>
      )}
      {toggle.isError && (
        <MessageBar intent="error">
          <MessageBarBody>{toggle.error.message}</MessageBarBody>
        </MessageBar>
      )}
      <div className={styles.tableWrap}>
        <Table size="small" aria-label={title} className={styles.table}>
          <TableHeader>
            <TableRow>
              <TableHeaderCell><Trans>机构</Trans></TableHeaderCell>
              <TableHeaderCell><Trans>类型</Trans></TableHeaderCell>
              <TableHeaderCell><Trans>应用</Trans></TableHeaderCell>
              <TableHeaderCell><Trans>合作伙伴</Trans></TableHeaderCell>
              <TableHeaderCell><Trans>到期日期</Trans></TableHeaderCell>
              <TableHeaderCell><Trans>用户数 / 上限</Trans></TableHeaderCell>
              <TableHeaderCell><Trans>状态</Trans></TableHeaderCell>
              <TableHeaderCell className={styles.actionsCell}><Trans>操作</Trans></TableHeaderCell>
            </TableRow>
          </TableHeader>
          <TableBody>
            {rows.map((r) => {
              const type = orgTypeLabelKey(r.orgType);
              return (
                <TableRow key={r.id} data-testid="orgapp-row" data-org-id={r.orgId} data-org-name={r.orgName} data-org-type={type} data-disabled={r.disabled}>
                  <TableCell>
                    <div>{r.orgName}</div>
                    <div className={styles.muted}>
                      {r.orgId}
                      {r.supplierType && SUPPLIER_TYPE_LABELS[r.supplierType] ? ` · ${i18n._(SUPPLIER_TYPE_LABELS[r.supplierType])}` : ''}
                    </div>
                  </TableCell>
                  <TableCell>
                    <Badge appearance="tint" size="small">{i18n._(ORG_TYPE_LABELS[type])}</Badge>
                  </TableCell>
                  <TableCell>{`${r.appName}（${r.appId}）`}</TableCell>
                  <TableCell>{r.agentName ?? <span className={styles.muted}>—</span>}</TableCell>
                  <TableCell>
                    {r.expiration ? (
                      <span>
                        {fmt.date(r.expiration)} {r.expired && <Badge color="danger" size="small"><Trans>已到期</Trans></Badge>}
                      </span>
                    ) : (
                      <span className={styles.muted}><Trans>永久</Trans></span>
                    )}
                  </TableCell>
                  <TableCell>{`${r.userCount} / ${r.userLimit ?? t`不限`}`}</TableCell>
                  <TableCell>
                    {r.disabled ? (
                      <Badge color="subtle" data-testid="orgapp-status"><Trans>已停用</Trans></Badge>
                    ) : (
                      <Badge color="success" appearance="tint" data-testid="orgapp-status"><Trans>启用</Trans></Badge>
                    )}
                  </TableCell>
                  <TableCell>
                    <div className={styles.actions}>
                      <Button size="small" icon={<EditRegular />} onClick={() => setEditing(r)} data-testid="orgapp-edit">
                        <Trans>编辑</Trans>
                      </Button>
                      <Button size="small" onClick={() => toggle.mutate(r)} disabled={toggle.isPending} data-testid="orgapp-toggle">
                        {r.disabled ? <Trans>启用</Trans> : <Trans>停用</Trans>}
                      </Button>
                    </div>
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
        {list.isLoading && <Spinner label={t`正在加载…`} />}
        {!list.isLoading && rows.length === 0 && (
          <p className={styles.muted} data-testid="orgapp-manage-empty"><Trans>没有机构</Trans></p>
        )}
      </div>
      <CreateOrgDialog open={creating} onClose={() => setCreating(false)} preferTemplate={preferTemplate} />
      {editing && <EditOrgDialog row={editing} agents={agents.data?.rows ?? []} onClose={() => setEditing(null)} />}
    </div>
  );
}

function EditOrgDialog({ row, agents, onClose }: { row: OrgAppRow; agents: { agentId: string; name: string }[]; onClose: () => void }) {
  const styles = useStyles();
  const { t, i18n } = useLingui();
  const queryClient = useQueryClient();
  const [orgName, setOrgName] = useState(row.orgName);
  const [orgType, setOrgType] = useState<OrgType>(orgTypeLabelKey(row.orgType));
  const [agentId, setAgentId] = useState(row.agentId ?? '');
  const [expiration, setExpiration] = useState(row.expiration ? row.expiration.slice(0, 10) : '');
  const [userLimit, setUserLimit] = useState(row.userLimit === null ? '' : String(row.userLimit));
  const save = useMutation({
    mutationFn: () => updateOrgSettings(row.orgId, {
      name: orgName.trim(), orgType, agentId: agentId || null,
      expiration: expiration ? new Date(`${expiration}T23:59:59`).toISOString() : null, userLimit: userLimit ? Number(userLimit) : null,
    }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: orgAppKeys.all });
      onClose();
    },
  });
  const limitInvalid = userLimit !== '' && !(Number.isInteger(Number(userLimit)) && Number(userLimit) >= 1);
  // issue 28: Esc or a click outside asks before typed input is lost
  const discard = useDiscardGuard({ onClose });
  return (
    <Dialog open onOpenChange={(_, d) => { if (!d.open) discard.requestClose(); }}>
      <DialogSurface onInput={discard.onInput} data-testid="edit-org-dialog">
        <DialogBody>
          <DialogTitle><Trans>编辑机构</Trans></DialogTitle>
          <DialogContent className={styles.form}>
            <Field label={t`机构名称`} required validationMessage={!orgName.trim() ? t`请输入机构名称` : undefined}>
              <Input value={orgName} onChange={(_, d) => setOrgName(d.value)} maxLength={64} />
            </Field>
            <Field label={t`机构类型`}>
              <Select value={orgType} onChange={(_, d) => setOrgType(d.value as OrgType)}>
                {ORG_TYPES.map((o) => <option key={o} value={o}>{i18n._(ORG_TYPE_LABELS[o])}</option>)}
              </Select>
            </Field>
            <Field label={t`合作伙伴`}>
              <Select value={agentId} onChange={(_, d) => setAgentId(d.value)}>
                <option value="">{t`无`}</option>
                {agents.map((a) => <option key={a.agentId} value={a.agentId}>{a.name}</option>)}
              </Select>
            </Field>
            <Field label={t`到期日期`} hint={t`留空表示永不到期`}>
              <DateInput value={expiration} onChange={(_, d) => setExpiration(d.value)} data-testid="edit-org-expiration" />
            </Field>
            <Field label={t`用户上限`} hint={t`留空表示不限`} validationMessage={limitInvalid ? t`用户上限须为正整数` : undefined}>
              <NumberInput min={1} precision={0} {...numberText(userLimit, setUserLimit)} data-testid="edit-org-user-limit" />
            </Field>
            {save.isError && (
              <MessageBar intent="error"><MessageBarBody>{save.error.message}</MessageBarBody></MessageBar>
            )}
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}><Trans>取消</Trans></Button>
            <Button appearance="primary" disabled={save.isPending || limitInvalid || !orgName.trim()} onClick={() => save.mutate()} data-testid="edit-org-save">
              <Trans>保存</Trans>
            </Button>
          </DialogActions>
        </DialogBody>
        {discard.confirm}
      </DialogSurface>
    </Dialog>
  );
}
