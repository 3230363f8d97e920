// Create an organisation from an init template (§7): the form, then the seven steps of the one command with
// their outcome. The server runs them in one transaction, so a failure shows the step that stopped it and
// every step as rolled back: nothing was written.
import { useEffect, useMemo, useState } from 'react';
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
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { CheckmarkCircleRegular, DismissCircleRegular, CircleRegular, ArrowUndoRegular } from '@fluentui/react-icons';
import { Trans, useLingui } from '@lingui/react/macro';
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ORG_INIT_STEPS, ORG_TYPES, type OrgInitStep } from '../../../../domain/orgInit.ts';
import { isValidPhone } from '../../../../domain/phone.ts';
import type { OrgType } from '../../../../domain/types.ts';
import type { OrgKind } from '../../../../domain/orgKind.ts';
import { createOrgFromTemplate, enabledInitTemplatesQuery, type CreateOrgResult } from '../../../../services/orgInit.ts';
import { appKeys, appsQuery, orgAppKeys } from '../../../../services/apps.ts';
import { agentKeys, agentsQuery } from '../../../../services/agents.ts';
import { useCurrentOrgApp } from '../../../app/hooks.ts';
import { readAgentId } from '../../../app/storage.ts';
import { ORG_TYPE_LABELS } from './orgLabels.ts';
import { NumberInput } from '../../../components/NumberInput.tsx';
import { useDiscardGuard } from '../../../components/useDiscardGuard.tsx';
import { DateInput } from '../../../components/DateInput.tsx';

export const STEP_LABELS: Record<OrgInitStep, MessageDescriptor> = {
  config: msg`机构配置`,
  org: msg`机构与应用`,
  menu: msg`菜单权限`,
  rolegroup: msg`角色组`,
  role: msg`角色`,
  contacts: msg`通讯录与管理员`,
  contactspermission: msg`通讯录权限`,
};

const useStyles = makeStyles({
  form: { display: 'grid', gridTemplateColumns: '1fr 1fr', gap: `${tokens.spacingVerticalM} ${tokens.spacingHorizontalL}` },
  wide: { gridColumn: '1 / -1' },
  steps: { listStyle: 'none', margin: `${tokens.spacingVerticalM} 0 0`, padding: 0, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  step: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
  done: { color: tokens.colorPaletteGreenForeground1 },
  failed: { color: tokens.colorPaletteRedForeground1 },
  muted: { color: tokens.colorNeutralForeground3 },
});

type StepState = 'idle' | 'running' | 'done' | 'failed' | 'rolledBack' | 'skipped';

/** Which step a failure names ("第N步…"), or -1. */
function failedStepIndex(message: string): number {
  const m = /第(\d)步/.exec(message);
  return m ? Number(m[1]) - 1 : -1;
}

export interface CreateOrgDialogProps {
  open: boolean;
  onClose: () => void;
  /** preselect a template by name (集采机构管理 prefers the supplier template) */
  preferTemplate?: string;
  /** what the org is (domain/orgKind.ts), sent as is: /addCanteen creates schools; absent = the kind its type gives */
  kind?: OrgKind;
}

export function CreateOrgDialog({ open, onClose, preferTemplate, kind }: CreateOrgDialogProps) {
  const styles = useStyles();
  const { t, i18n } = useLingui();
  const queryClient = useQueryClient();
  const orgId = useCurrentOrgApp()?.orgId;
  const templates = useQuery({ ...enabledInitTemplatesQuery(orgId), enabled: open && Boolean(orgId) });
  const apps = useQuery({ ...appsQuery(orgId), enabled: open && Boolean(orgId) });
  const agents = useQuery({ ...agentsQuery(orgId), enabled: open && Boolean(orgId) });

  const [templateId, setTemplateId] = useState('');
  const [orgName, setOrgName] = useState('');
  const [appId, setAppId] = useState('');
  const [appName, setAppName] = useState('');
  const [orgType, setOrgType] = useState<OrgType>('formal');
  const [agentId, setAgentId] = useState(readAgentId() ?? '');
  const [adminPhone, setAdminPhone] = useState('');
  const [adminName, setAdminName] = useState('');
  const [expiration, setExpiration] = useState('');
  const [userLimit, setUserLimit] = useState<number | null>(null);
  const [touched, setTouched] = useState(false);

  const create = useMutation({
    mutationFn: createOrgFromTemplate,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: orgAppKeys.all });
      void queryClient.invalidateQueries({ queryKey: appKeys.all });
      void queryClient.invalidateQueries({ queryKey: agentKeys.all });
    },
  });

  // defaults once the lists are in: the preferred (or first) template, the first app
  useEffect(() => {
    const rows = templates.data?.rows ?? [];
    if (!templateId && rows.length) setTemplateId((rows.find((r) => r.name === preferTemplate) ?? rows[0]).id);
  }, [templates.data, templateId, preferTemplate]);
  useEffect(() => {
    const rows = apps.data?.rows ?? [];
    if (!appId && rows.length) setAppId(rows[0].appId);
  }, [apps.data, appId]);

  const reset = () => {
    create.reset();
    setOrgName('');
    setAdminPhone('');
    setAdminName('');
    setExpiration('');
    setUserLimit(null);
    setTouched(false);
  };
  const close = () => {
    if (create.isPending) return;
    reset();
    onClose();
  };

  const errors = {
    orgName: !orgName.trim() ? t`请输入机构名称` : '',
    adminPhone: !isValidPhone(adminPhone.trim()) ? t`请输入正确的11位手机号` : '',
    appName: appId === '' && !appName.trim() ? t`请输入新应用名称` : '',
    userLimit: userLimit !== null && !(Number.isInteger(userLimit) && userLimit >= 1) ? t`用户上限须为正整数` : '',
    templateId: !templateId ? t`请选择模板` : '',
  };
  const valid = Object.values(errors).every((e) => !e);

  const submit = () => {
    setTouched(true);
    if (!valid || create.isPending) return;
    create.mutate({
      templateId, orgName: orgName.trim(), orgType, ...(kind && { kind }), adminPhone: adminPhone.trim(), adminName: adminName.trim() || undefined,
      agentId: agentId || null, expiration: expiration ? new Date(`${expiration}T23:59:59`).toISOString() : null,
      userLimit: userLimit ?? null, ...(appId ? { appId } : { appName: appName.trim() }),
    });
  };

  const failedAt = create.isError ? failedStepIndex(create.error.message) : -1;
  const result: CreateOrgResult | undefined = create.data;
  const stateOf = (i: number): StepState => {
    if (create.isPending) return 'running';
    if (result) return 'done';
    if (create.isError) {
      if (failedAt < 0) return i === 0 ? 'failed' : 'skipped';
      return i < failedAt ? 'rolledBack' : i === failedAt ? 'failed' : 'skipped';
    }
    return 'idle';
  };
  const started = create.isPending || create.isSuccess || create.isError;
  const show = (field: keyof typeof errors) => (touched && errors[field] ? errors[field] : undefined);
  const templateRows = useMemo(() => templates.data?.rows ?? [], [templates.data]);

  // issue 28: Esc or a click outside asks before typed input is lost
  // once the org is made (its result shown), nothing typed is lost any more
  const discard = useDiscardGuard({ open, onClose: close, dirty: result ? false : undefined });
  return (
    <Dialog open={open} onOpenChange={(_, d) => { if (!d.open) discard.requestClose(); }}>
      <DialogSurface onInput={discard.onInput} data-testid="create-org-dialog">
        <DialogBody>
          <DialogTitle>
            <Trans>从模板创建机构</Trans>
          </DialogTitle>
          <DialogContent>
            {!result && (
              <div className={styles.form}>
                <Field label={t`产品模板`} required validationMessage={show('templateId')} className={styles.wide}>
                  <Select data-testid="create-org-template" value={templateId} onChange={(_, d) => setTemplateId(d.value)} disabled={create.isPending}>
                    {templateRows.map((r) => (
                      <option key={r.id} value={r.id}>{r.name}</option>
                    ))}
                  </Select>
                </Field>
                <Field label={t`机构名称`} required validationMessage={show('orgName')}>
                  <Input data-testid="create-org-name" value={orgName} onChange={(_, d) => setOrgName(d.value)} disabled={create.isPending} maxLength={64} />
                </Field>
                <Field label={t`机构类型`}>
                  <Select data-testid="create-org-type" value={orgType} onChange={(_, d) => setOrgType(d.value as OrgType)} disabled={create.isPending}>
                    {ORG_TYPES.map((o) => (
                      <option key={o} value={o}>{i18n._(ORG_TYPE_LABELS[o])}</option>
                    ))}
                  </Select>
                </Field>
                <Field label={t`应用`}>
                  <Select data-testid="create-org-app" value={appId} onChange={(_, d) => setAppId(d.value)} disabled={create.isPending}>
                    {(apps.data?.rows ?? []).map((a) => (
                      <option key={a.appId} value={a.appId}>{`${a.appName}（${a.appId}）`}</option>
                    ))}
                    <option value="">{t`新建应用…`}</option>
                  </Select>
                </Field>
                {appId === '' ? (
                  <Field label={t`新应用名称`} required validationMessage={show('appName')}>
                    <Input data-testid="create-org-app-name" value={appName} onChange={(_, d) => setAppName(d.value)} disabled={create.isPending} maxLength={64} />
                  </Field>
                ) : (
                  <Field label={t`合作伙伴`}>
                    <Select data-testid="create-org-agent" value={agentId} onChange={(_, d) => setAgentId(d.value)} disabled={create.isPending}>
                      <option value="">{t`无`}</option>
                      {(agents.data?.rows ?? []).map((a) => (
                        <option key={a.agentId} value={a.agentId}>{a.name}</option>
                      ))}
                    </Select>
                  </Field>
                )}
                <Field label={t`管理员手机号`} required validationMessage={show('adminPhone')}>
                  <Input data-testid="create-org-admin-phone" value={adminPhone} onChange={(_, d) => setAdminPhone(d.value)} disabled={create.isPending} maxLength={11} inputMode="numeric" />
                </Field>
                <Field label={t`管理员姓名`}>
                  <Input data-testid="create-org-admin-name" value={adminName} onChange={(_, d) => setAdminName(d.value)} disabled={create.isPending} maxLength={64} placeholder={t`默认：机构名称 + 管理员`} />
                </Field>
                <Field label={t`到期日期`} hint={t`留空表示永不到期`}>
                  <DateInput data-testid="create-org-expiration" value={expiration} onChange={(_, d) => setExpiration(d.value)} disabled={create.isPending} />
                </Field>
                <Field label={t`用户上限`} hint={t`留空表示不限`} validationMessage={show('userLimit')}>
                  <NumberInput data-testid="create-org-user-limit" min={1} precision={0} value={userLimit} onChange={setUserLimit} disabled={create.isPending} />
                </Field>
              </div>
            )}
            {started && (
              <ol className={styles.steps} data-testid="create-org-steps" aria-live="polite">
                {ORG_INIT_STEPS.map((step, i) => {
                  const state = stateOf(i);
                  const count = result?.steps.find((s) => s.step === step)?.events;
                  return (
                    <li key={step} className={styles.step} data-testid="create-org-step" data-step={step} data-state={state}>
                      {state === 'running' && <Spinner size="extra-tiny" />}
                      {state === 'done' && <CheckmarkCircleRegular className={styles.done} />}
                      {state === 'failed' && <DismissCircleRegular className={styles.failed} />}
                      {state === 'rolledBack' && <ArrowUndoRegular className={styles.muted} />}
                      {(state === 'skipped' || state === 'idle') && <CircleRegular className={styles.muted} />}
                      <span>{`${i + 1}. ${i18n._(STEP_LABELS[step])}`}</span>
                      {state === 'done' && <Badge appearance="tint" color="success" size="small">{t`${count ?? 0} 条记录`}</Badge>}
                      {state === 'rolledBack' && <span className={styles.muted}><Trans>已回滚</Trans></span>}
                      {state === 'skipped' && <span className={styles.muted}><Trans>未执行</Trans></span>}
                    </li>
                  );
                })}
              </ol>
            )}
            {create.isError && (
              <MessageBar intent="error" data-testid="create-org-error">
                <MessageBarBody>
                  {create.error.message} <Trans>（未写入任何数据）</Trans>
                </MessageBarBody>
              </MessageBar>
            )}
            {result && (
              <MessageBar intent="success" data-testid="create-org-done">
                <MessageBarBody>
                  <Trans>
                    机构「{result.orgName}」已创建（{result.orgId}，应用 {result.appId}），管理员 {adminPhone} 可用短信验证码登录。
                  </Trans>
                </MessageBarBody>
              </MessageBar>
            )}
          </DialogContent>
          <DialogActions>
            {result ? (
              <>
                <Button onClick={reset} data-testid="create-org-another">
                  <Trans>继续创建</Trans>
                </Button>
                <Button appearance="primary" onClick={close} data-testid="create-org-close">
                  <Trans>完成</Trans>
                </Button>
              </>
            ) : (
              <>
                <Button onClick={close} disabled={create.isPending}>
                  <Trans>取消</Trans>
                </Button>
                <Button appearance="primary" onClick={submit} disabled={create.isPending} data-testid="create-org-submit">
                  {create.isPending ? <Trans>正在创建…</Trans> : <Trans>创建</Trans>}
                </Button>
              </>
            )}
          </DialogActions>
        </DialogBody>
        {discard.confirm}
      </DialogSurface>
    </Dialog>
  );
}
