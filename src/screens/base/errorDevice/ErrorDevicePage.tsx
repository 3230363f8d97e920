import { NumberInput } from '../../../components/NumberInput.tsx';
import { useState } from 'react';
import { Badge, Button, Field, Input, Select, Text, makeStyles, tokens } from '@fluentui/react-components';
import { Trans, useLingui } from '@lingui/react/macro';
import { useActorRef, useSelector } from '@xstate/react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { fromPromise } from 'xstate';
import { INSPECTION_LIMITS, INSPECTION_STATUSES, type InspectionAction } from '../../../../domain/inspection.ts';
import { partyOf, type Party } from '../../../../domain/orgKind.ts';
import { allowedInspectionActions, inspectionMachine, type InspectionActionInput, type InspectionSummary } from '../../../../machines/inspection.machine.ts';
import {
  actOnInspection, companiesQuery, createInspection, deviceOrgsQuery, devicesQuery, fetchInspectionPhoto, inspectionsQuery, type Inspection,
} from '../../../../services/devices.ts';
import { usePowers } from '../../../app/hooks.ts';
import { journal } from '../../../inspector/journal.ts';
import { FormDialog } from '../../../components/FormDialog.tsx';
import { ScreenFrame } from '../../meal/shared/ScreenFrame.tsx';
import { DataTable, type Column } from '../../meal/shared/DataTable.tsx';
import { errorText } from '../../meal/shared/errors.ts';
import { useOrgQueryKey } from '../../meal/shared/useOrgQueryKey.ts';
import { INSPECTION_ACTION_LABELS, INSPECTION_SOURCE_LABELS, INSPECTION_STATUS_LABELS } from '../videoDevice/alertTypes.ts';

const useStyles = makeStyles({
  filters: { display: 'flex', gap: tokens.spacingHorizontalM, flexWrap: 'wrap', alignItems: 'end' },
  form: { display: 'grid', gap: tokens.spacingVerticalM },
  photo: { maxWidth: '100%', maxHeight: '240px' },
  actions: { display: 'flex', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
});

const readFile = (file: File) => new Promise<string>((resolve, reject) => {
  const reader = new FileReader();
  reader.onload = () => resolve(String(reader.result));
  reader.onerror = () => reject(reader.error ?? new Error('read failed'));
  reader.readAsDataURL(file);
});

/** One ticket open: its statechart (machines/inspection.machine.ts) decides the buttons and sends the action. */
function TicketDialog({ ticket, party, onClose }: { ticket: Inspection; party: Party; onClose: () => void }) {
  const { t } = useLingui();
  const s = useStyles();
  const qc = useQueryClient();
  const { orgApp } = useOrgQueryKey();
  const [machine] = useState(() => inspectionMachine.provide({
    actors: {
      runInspectionAction: fromPromise<InspectionSummary, InspectionActionInput>(async ({ input }) => {
        const after = await actOnInspection(input.id, {
          action: input.action, version: input.version, ...(input.note && { note: input.note }), ...(input.companyId && { companyId: input.companyId }), ...(input.photo && { photo: input.photo }),
        });
        void qc.invalidateQueries({ queryKey: ['inspections'] });
        void qc.invalidateQueries({ queryKey: ['devices'] });
        return { id: after.id, status: after.status, version: after.version };
      }),
    },
  }));
  const actor = useActorRef(machine, { input: { ticket: { id: ticket.id, status: ticket.status, version: ticket.version }, party }, inspect: journal.inspect });
  const context = useSelector(actor, (x) => x.context);
  const sending = useSelector(actor, (x) => x.matches('sending'));
  const actions = allowedInspectionActions(context);
  const companies = useQuery({ ...companiesQuery(orgApp?.orgId), enabled: actions.includes('assign') });
  const photo = useQuery({ queryKey: ['inspections', 'photo', ticket.id, context.ticket.version], queryFn: () => fetchInspectionPhoto(ticket.id), enabled: ticket.hasFixPhoto || context.ticket.status === 'fixed', retry: false });
  const [note, setNote] = useState('');
  const [companyId, setCompanyId] = useState(ticket.companyId);
  const [upload, setUpload] = useState<string | null>(null);
  const send = (action: InspectionAction) => {
    if (action === 'assign') actor.send({ type: 'ASSIGN', companyId });
    if (action === 'fix') actor.send({ type: 'FIX', note, photo: upload });
    if (action === 'verify') actor.send({ type: 'VERIFY', note });
    if (action === 'reopen') actor.send({ type: 'REOPEN', note });
  };
  return (
    <FormDialog open title={<Trans>巡检单：{ticket.deviceName}</Trans>} testId="ticket-dialog" busy={sending} error={context.error} onSubmit={onClose} onClose={onClose} submitLabel={t`关闭`}>
      <div className={s.form}>
        <Text block>{ticket.orgName} · {t(INSPECTION_SOURCE_LABELS[ticket.source])} · {ticket.description}</Text>
        <Text block data-testid="ticket-status" data-status={context.ticket.status}><Trans>状态</Trans>：{t(INSPECTION_STATUS_LABELS[context.ticket.status])}</Text>
        {ticket.fixNote && <Text block><Trans>维修说明</Trans>：{ticket.fixNote}</Text>}
        {photo.data && <img src={photo.data.dataUrl} alt={t`维修照片`} className={s.photo} />}
        {actions.includes('assign') && (
          <Field label={<Trans>安装公司</Trans>}>
            <Select value={companyId} onChange={(_, d) => setCompanyId(d.value)} data-testid="ticket-company">
              <option value="">—</option>
              {(companies.data?.rows ?? []).map((c) => <option key={c.id} value={c.id}>{c.name}</option>)}
            </Select>
          </Field>
        )}
        {actions.some((a) => a !== 'assign') && (
          <Field label={actions.includes('fix') ? <Trans>维修说明</Trans> : <Trans>验收意见 / 退回原因</Trans>}>
            <Input value={note} maxLength={INSPECTION_LIMITS.noteMax} onChange={(_, d) => setNote(d.value)} data-testid="ticket-note" />
          </Field>
        )}
        {actions.includes('fix') && (
          <Field label={<Trans>维修照片</Trans>} hint={<Trans>JPEG、PNG 或 WebP，不超过 512 KB</Trans>}>
            <input type="file" accept="image/jpeg,image/png,image/webp" data-testid="ticket-photo"
              onChange={(e) => { const f = e.target.files?.[0]; if (f) void readFile(f).then(setUpload); }} />
          </Field>
        )}
        <div className={s.actions}>
          {actions.map((a) => (
            <Button key={a} appearance={a === 'reopen' ? 'secondary' : 'primary'} disabled={sending} onClick={() => send(a)} data-testid={`ticket-${a}`}>
              {t(INSPECTION_ACTION_LABELS[a])}
            </Button>
          ))}
        </div>
      </div>
    </FormDialog>
  );
}

/**
 * errorDevice (设备巡检管理, issue 33): inspection tickets of kitchen cameras — from health checks, AI alerts or
 * reported by hand — assigned to the installer company, fixed with a note and a photo, verified by the school or sent
 * back. A school sees its own; a bureau its area's open tickets and their age; a company the tickets assigned to it.
 */
export default function ErrorDevicePage() {
  const { t } = useLingui();
  const s = useStyles();
  const { orgApp, ready } = useOrgQueryKey();
  const qc = useQueryClient();
  const powers = usePowers();
  const party = partyOf(powers);
  const [status, setStatus] = useState(party === 'bureau' ? 'opened,assigned,fixed' : '');
  const [minAge, setMinAge] = useState('');
  const [schoolId, setSchoolId] = useState('');
  const [companyId, setCompanyId] = useState('');
  const query = { ...(status && { status }), ...(minAge && { minAgeHours: Number(minAge) }), ...(schoolId && { orgId: schoolId }), ...(companyId && { companyId }), $limit: 200 };
  const list = useQuery({ ...inspectionsQuery(orgApp?.orgId, query), enabled: ready, refetchInterval: 30_000 });
  const devices = useQuery({ ...devicesQuery(orgApp?.orgId), enabled: ready && party === 'school' });
  const [openId, setOpenId] = useState<string | null>(null);
  const [reporting, setReporting] = useState<{ deviceId: string; description: string } | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const report = useMutation({
    mutationFn: (r: { deviceId: string; description: string }) => createInspection(r),
    onSuccess: () => { setReporting(null); void qc.invalidateQueries({ queryKey: ['inspections'] }); },
    onError: (e) => setFormError(errorText(e)),
  });
  const rows = list.data?.rows ?? [];
  const opened = rows.find((r) => r.id === openId) ?? null;
  // the filters' choices: the schools with cameras in reach (§7 video device orgs) and the companies in reach, not
  // only those of the rows on screen (a picked school would otherwise leave itself the only choice)
  const deviceOrgs = useQuery({ ...deviceOrgsQuery(orgApp?.orgId), enabled: ready && party !== 'school' });
  const companies = useQuery({ ...companiesQuery(orgApp?.orgId), enabled: ready && party !== 'installer' });
  const schools = [...new Map([...(deviceOrgs.data?.rows ?? []).map((o) => [o.orgId, o.orgName] as const), ...rows.map((r) => [r.orgId, r.orgName] as const)]).entries()];
  const columns: Column<Inspection>[] = [
    { key: 'org', header: <Trans>学校</Trans>, render: (r) => r.orgName },
    { key: 'device', header: <Trans>设备</Trans>, render: (r) => r.deviceName, phone: 'title' },
    { key: 'source', header: <Trans>来源</Trans>, render: (r) => t(INSPECTION_SOURCE_LABELS[r.source]) },
    { key: 'description', header: <Trans>故障描述</Trans>, render: (r) => r.description },
    { key: 'status', header: <Trans>状态</Trans>, render: (r) => <Badge appearance="tint" color={r.status === 'verified' ? 'success' : r.status === 'fixed' ? 'warning' : 'danger'} data-testid="ticket-row-status">{t(INSPECTION_STATUS_LABELS[r.status])}</Badge> },
    { key: 'company', header: <Trans>安装公司</Trans>, render: (r) => r.companyName || '—' },
    { key: 'age', header: <Trans>时长</Trans>, render: (r) => t`${r.ageHours} 小时` },
    { key: 'open', header: <Trans>操作</Trans>, render: (r) => <Button size="small" onClick={() => setOpenId(r.id)} data-testid="ticket-open">{r.actions.length ? t`处理` : t`查看`}</Button> },
  ];
  return (
    <>
      <ScreenFrame
        title={<Trans>设备巡检管理</Trans>} testId="screen-errorDevice" loading={list.isLoading} error={list.error ? errorText(list.error) : null}
        actions={party === 'school' ? <Button appearance="primary" onClick={() => { setFormError(null); setReporting({ deviceId: devices.data?.rows[0]?.id ?? '', description: '' }); }} data-testid="ticket-report"><Trans>报修</Trans></Button> : undefined}
        toolbar={(
          <div className={s.filters}>
            <Field label={<Trans>状态</Trans>}>
              <Select value={status} onChange={(_, d) => setStatus(d.value)} data-testid="ticket-filter-status">
                <option value="">{t`全部`}</option>
                <option value="opened,assigned,fixed">{t`未完成`}</option>
                {INSPECTION_STATUSES.map((x) => <option key={x} value={x}>{t(INSPECTION_STATUS_LABELS[x])}</option>)}
              </Select>
            </Field>
            {party !== 'school' && (
              <Field label={<Trans>学校</Trans>}>
                <Select value={schoolId} onChange={(_, d) => setSchoolId(d.value)} data-testid="ticket-filter-school">
                  <option value="">{t`全部`}</option>
                  {schools.map(([id, name]) => <option key={id} value={id}>{name}</option>)}
                </Select>
              </Field>
            )}
            {party !== 'installer' && (
              <Field label={<Trans>安装公司</Trans>}>
                <Select value={companyId} onChange={(_, d) => setCompanyId(d.value)} data-testid="ticket-filter-company">
                  <option value="">{t`全部`}</option>
                  {(companies.data?.rows ?? []).map((c) => <option key={c.id} value={c.id}>{c.name}</option>)}
                </Select>
              </Field>
            )}
            <Field label={<Trans>至少已过（小时）</Trans>}>
              <NumberInput min={0} value={minAge === '' ? null : Number(minAge)} onChange={(v) => setMinAge(v === null ? '' : String(v))} data-testid="ticket-filter-age" />
            </Field>
          </div>
        )}
      >
        <DataTable rows={rows} columns={columns} rowKey={(r) => r.id} testId="ticket-table" rowProps={(r) => ({ 'data-device-name': r.deviceName, 'data-status': r.status })} />
      </ScreenFrame>
      {opened && <TicketDialog key={`${opened.id}-${opened.version}`} ticket={opened} party={opened.actions.length ? party : 'member'} onClose={() => setOpenId(null)} />}
      <FormDialog
        open={reporting !== null} title={<Trans>报修</Trans>} testId="ticket-report-form" busy={report.isPending} error={formError}
        submitDisabled={!reporting?.deviceId || !reporting.description.trim()} onSubmit={() => reporting && report.mutate(reporting)} onClose={() => setReporting(null)}
      >
        {reporting && (
          <div className={s.form}>
            <Field label={<Trans>设备</Trans>} required>
              <Select value={reporting.deviceId} onChange={(_, d) => setReporting({ ...reporting, deviceId: d.value })}>
                {(devices.data?.rows ?? []).map((d) => <option key={d.id} value={d.id}>{d.name}</option>)}
              </Select>
            </Field>
            <Field label={<Trans>故障描述</Trans>} required>
              <Input value={reporting.description} maxLength={500} onChange={(_, d) => setReporting({ ...reporting, description: d.value })} />
            </Field>
          </div>
        )}
      </FormDialog>
    </>
  );
}
