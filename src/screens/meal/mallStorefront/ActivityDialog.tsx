// Issue 34, activityList: the form of an activity, new or edited. The rules (times, capacity, seats per member, the
// audience a school or fruit org may name) are the server's (domain/activity.ts); its refusal is shown in its words.
// An edit sends the version it read, so a change made meanwhile is a 409 here, not an overwrite.
import { useState } from 'react';
import { Checkbox, Field, Input, Textarea } from '@fluentui/react-components';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { FormDialog } from '../../../components/FormDialog.tsx';
import { NumberInput } from '../../../components/NumberInput.tsx';
import { sanitiseRichText } from '../../../components/richText.ts';
import { useCurrentOrgApp } from '../../../app/hooks.ts';
import { activityAudienceQuery, createActivity, updateActivity, type ActivityInput, type ActivityRow } from '../../../../services/activities.ts';

/** an ISO instant as the value of a datetime-local input (the browser's time zone) */
const localInput = (iso: string) => {
  if (!iso) return '';
  const d = new Date(iso);
  return new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
};
const fromLocal = (v: string) => (v ? new Date(v).toISOString() : '');

export function ActivityDialog({ row, onClose, onSaved }: { row: ActivityRow | null; onClose: () => void; onSaved: () => void }) {
  const { t } = useLingui();
  const orgApp = useCurrentOrgApp();
  const schools = useQuery(activityAudienceQuery(orgApp?.orgId));
  const [v, setV] = useState({
    title: row?.title ?? '', description: row?.description ?? '', place: row?.place ?? '', startsAt: row?.startsAt ?? '', endsAt: row?.endsAt ?? '',
    signUpBy: row?.signUpBy ?? '', capacity: row?.capacity ?? 30, seatsPerMember: row?.seatsPerMember ?? 1, audience: row?.audience.map((a) => a.orgId) ?? [],
  });
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const set = <K extends keyof typeof v>(k: K, value: (typeof v)[K]) => setV((s) => ({ ...s, [k]: value }));
  const time = (k: 'startsAt' | 'endsAt' | 'signUpBy', label: string) => (
    <Field label={label} required>
      <Input type="datetime-local" value={localInput(v[k])} onChange={(_, d) => set(k, fromLocal(d.value))} data-testid={`activity-${k}`} />
    </Field>
  );
  const save = async () => {
    setBusy(true);
    setError(null);
    const body: ActivityInput = { ...v, ...(row && { version: row.version }) };
    try {
      await (row ? updateActivity(row.id, body) : createActivity(body));
      onSaved();
    } catch (e) { setError((e as Error).message); } finally { setBusy(false); }
  };
  return (
    <FormDialog title={row ? <Trans>编辑活动</Trans> : <Trans>新建活动</Trans>} onClose={onClose} onSubmit={() => void save()} busy={busy} error={error} testId="activity-form"
      submitDisabled={!v.title.trim() || !v.startsAt || !v.endsAt || !v.signUpBy}>
      <Field label={t`活动名称`} required><Input value={v.title} onChange={(_, d) => set('title', d.value)} data-testid="activity-title" /></Field>
      <Field label={t`活动地点`}><Input value={v.place} onChange={(_, d) => set('place', d.value)} data-testid="activity-place" /></Field>
      {time('startsAt', t`开始时间`)}
      {time('endsAt', t`结束时间`)}
      {time('signUpBy', t`报名截止时间`)}
      <Field label={t`名额`} required><NumberInput value={v.capacity} onChange={(n) => set('capacity', n ?? 0)} data-testid="activity-capacity" /></Field>
      <Field label={t`每位会员可报人数`} hint={t`如家长带一名孩子为 2`}><NumberInput value={v.seatsPerMember} onChange={(n) => set('seatsPerMember', n ?? 1)} data-testid="activity-seats" /></Field>
      {!!schools.data?.length && (
        <Field label={t`面向学校`}>
          {schools.data.map((s) => (
            <Checkbox key={s.orgId} label={s.name} checked={v.audience.includes(s.orgId)} data-testid="activity-school"
              onChange={(_, d) => set('audience', d.checked ? [...v.audience, s.orgId] : v.audience.filter((id) => id !== s.orgId))} />
          ))}
        </Field>
      )}
      <Field label={t`活动介绍`}>
        <Textarea rows={5} value={v.description} onChange={(_, d) => set('description', d.value)} data-testid="activity-description" />
        <div style={{ border: '1px dashed #ccc', padding: 8, minHeight: 32 }} dangerouslySetInnerHTML={{ __html: sanitiseRichText(v.description) }} />
      </Field>
    </FormDialog>
  );
}
