// Issue 34: the operators' list-and-form of one kind of storefront record (content, recommendations, campaigns): the
// org's records with their schedule state, a dialog to add or change one, removal. The server checks every rule
// (domain/mall/*) and answers a readable refusal, shown in the dialog.
import { NumberInput } from '../../../components/NumberInput.tsx';
import { useState, type ReactNode } from 'react';
import {
  Badge, Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, Dropdown, Field, Input, MessageBar, MessageBarBody,
  Option, Spinner, Switch, Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow, Text, Textarea, makeStyles, tokens,
} from '@fluentui/react-components';
import { AddRegular, DeleteRegular, EditRegular } from '@fluentui/react-icons';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCurrentOrgApp } from '../../../app/hooks.ts';
import { useIntlFormat } from '../../../components/useIntlFormat.ts';
import { sanitiseRichText } from '../../../components/richText.ts';
import {
  createMallRecord, mallRecordsQuery, removeMallRecord, storefrontKeys, updateMallRecord, type MallRecord, type RecordKind,
} from '../../../../services/mall/storefrontAdmin.ts';

export const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL, padding: tokens.spacingVerticalXL, minWidth: 0 },
  bar: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalM, alignItems: 'center' },
  meta: { color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200 },
  form: { display: 'grid', gap: tokens.spacingVerticalS },
});

export interface FieldDef {
  name: string;
  label: string;
  kind: 'text' | 'richText' | 'number' | 'time' | 'select' | 'switch' | 'list';
  options?: { value: string; label: string }[];
  required?: boolean;
  /** shown only when the form's values say so (a coupon's amount only for coupons) */
  when?: (values: Record<string, unknown>) => boolean;
  hint?: string;
}

const localInput = (iso: unknown) => {
  if (typeof iso !== 'string' || !iso) return '';
  const d = new Date(iso);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}`;
};

export function ScheduleBadge({ state }: { state: MallRecord['state'] }) {
  return state === 'scheduled' ? <Badge appearance="tint" color="warning"><Trans>待发布</Trans></Badge>
    : state === 'ended' ? <Badge appearance="tint" color="subtle"><Trans>已结束</Trans></Badge>
      : <Badge appearance="tint" color="success"><Trans>展示中</Trans></Badge>;
}

interface Props {
  kind: RecordKind;
  title: ReactNode;
  testId: string;
  fields: FieldDef[];
  /** the table's columns besides the schedule state: heading and cell */
  columns: { heading: ReactNode; cell: (r: MallRecord) => ReactNode }[];
  /** a read-only list (activityList) */
  readOnly?: boolean;
  defaults?: Record<string, unknown>;
}

export function RecordsScreen({ kind, title, testId, fields, columns, readOnly, defaults = {} }: Props) {
  const styles = useStyles();
  const fmt = useIntlFormat();
  const { t } = useLingui();
  const orgApp = useCurrentOrgApp();
  const client = useQueryClient();
  const query = useQuery(mallRecordsQuery(orgApp?.orgId, kind));
  const [editing, setEditing] = useState<MallRecord | 'new' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const refresh = () => client.invalidateQueries({ queryKey: storefrontKeys.all });
  const remove = async (r: MallRecord) => {
    if (!window.confirm(t`确定删除？`)) return;
    try { await removeMallRecord(kind, r.id, r.version); await refresh(); } catch (e) { setError((e as Error).message); }
  };
  return (
    <div className={styles.root} data-testid={testId}>
      <div className={styles.bar}>
        <Text weight="semibold" size={500}>{title}</Text>
        {!readOnly && <Button appearance="primary" icon={<AddRegular />} onClick={() => setEditing('new')} data-testid={`${testId}-add`}><Trans>新增</Trans></Button>}
      </div>
      {error && <MessageBar intent="error"><MessageBarBody>{error}</MessageBarBody></MessageBar>}
      {query.isLoading && <Spinner />}
      {query.error && <MessageBar intent="error"><MessageBarBody>{(query.error as Error).message}</MessageBarBody></MessageBar>}
      <Table size="small">
        <TableHeader><TableRow>
          {columns.map((c, i) => <TableHeaderCell key={i}>{c.heading}</TableHeaderCell>)}
          <TableHeaderCell style={{ width: 200 }}><Trans>时间</Trans></TableHeaderCell>
          <TableHeaderCell style={{ width: 90 }}><Trans>状态</Trans></TableHeaderCell>
          {!readOnly && <TableHeaderCell style={{ width: 100 }} />}
        </TableRow></TableHeader>
        <TableBody>
          {(query.data?.rows ?? []).map((r) => (
            <TableRow key={r.id} data-testid={`${testId}-row`}>
              {columns.map((c, i) => <TableCell key={i}>{c.cell(r)}</TableCell>)}
              <TableCell className={styles.meta}>
                {typeof r.startsAt === 'string' ? fmt.dateTime(r.startsAt) : t`立即`} – {typeof r.endsAt === 'string' ? fmt.dateTime(r.endsAt) : t`长期`}
              </TableCell>
              <TableCell><ScheduleBadge state={r.state} /></TableCell>
              {!readOnly && (
                <TableCell>
                  <Button appearance="subtle" icon={<EditRegular />} aria-label={t`编辑`} onClick={() => setEditing(r)} />
                  <Button appearance="subtle" icon={<DeleteRegular />} aria-label={t`删除`} onClick={() => void remove(r)} />
                </TableCell>
              )}
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {query.data && !query.data.rows.length && <Text className={styles.meta}><Trans>暂无数据</Trans></Text>}
      {editing && (
        <RecordDialog kind={kind} fields={fields} record={editing === 'new' ? null : editing} defaults={defaults} testId={testId}
          onClose={() => setEditing(null)} onSaved={() => { setEditing(null); void refresh(); }} />
      )}
    </div>
  );
}

function RecordDialog({ kind, fields, record, defaults, testId, onClose, onSaved }: {
  kind: RecordKind; fields: FieldDef[]; record: MallRecord | null; defaults: Record<string, unknown>; testId: string; onClose: () => void; onSaved: () => void;
}) {
  const { t } = useLingui();
  const styles = useStyles();
  const [values, setValues] = useState<Record<string, unknown>>(() => ({ ...defaults, ...(record ?? {}) }));
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const set = (name: string, v: unknown) => setValues((s) => ({ ...s, [name]: v }));
  const shown = fields.filter((f) => !f.when || f.when(values));
  const save = async () => {
    setBusy(true);
    setError(null);
    const body: Record<string, unknown> = {};
    for (const f of shown) {
      const v = values[f.name];
      if (v === undefined || v === '') continue;
      body[f.name] = f.kind === 'number' ? Number(v) : v;
    }
    try {
      if (record) await updateMallRecord(kind, record.id, body, record.version);
      else await createMallRecord(kind, body);
      onSaved();
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open onOpenChange={(_, d) => { if (!d.open) onClose(); }}>
      <DialogSurface style={{ maxWidth: 640 }}>
        <DialogBody>
          <DialogTitle>{record ? t`编辑` : t`新增`}</DialogTitle>
          <DialogContent className={styles.form}>
            {shown.map((f) => (
              <Field key={f.name} label={f.label} required={f.required} hint={f.hint}>
                {f.kind === 'text' && <Input value={String(values[f.name] ?? '')} onChange={(_, d) => set(f.name, d.value)} data-testid={`${testId}-${f.name}`} />}
                {f.kind === 'number' && <NumberInput value={values[f.name] === undefined || values[f.name] === '' ? null : Number(values[f.name])} onChange={(v) => set(f.name, v === null ? '' : String(v))} data-testid={`${testId}-${f.name}`} />}
                {f.kind === 'time' && (
                  <Input type="datetime-local" value={localInput(values[f.name])} data-testid={`${testId}-${f.name}`}
                    onChange={(_, d) => set(f.name, d.value ? new Date(d.value).toISOString() : '')} />
                )}
                {f.kind === 'richText' && (
                  <>
                    <Textarea rows={6} value={String(values[f.name] ?? '')} onChange={(_, d) => set(f.name, d.value)} data-testid={`${testId}-${f.name}`} />
                    <div style={{ border: '1px dashed #ccc', padding: 8, minHeight: 32 }} dangerouslySetInnerHTML={{ __html: sanitiseRichText(String(values[f.name] ?? '')) }} />
                  </>
                )}
                {f.kind === 'select' && (
                  <Dropdown value={f.options?.find((o) => o.value === values[f.name])?.label ?? ''} selectedOptions={[String(values[f.name] ?? '')]}
                    onOptionSelect={(_, d) => set(f.name, d.optionValue)} data-testid={`${testId}-${f.name}`}>
                    {f.options?.map((o) => <Option key={o.value} value={o.value}>{o.label}</Option>)}
                  </Dropdown>
                )}
                {f.kind === 'switch' && <Switch checked={values[f.name] !== false} onChange={(_, d) => set(f.name, d.checked)} />}
                {f.kind === 'list' && (
                  <Input value={Array.isArray(values[f.name]) ? (values[f.name] as string[]).join(',') : ''} data-testid={`${testId}-${f.name}`}
                    onChange={(_, d) => set(f.name, d.value.split(/[,，\s]+/).filter(Boolean))} />
                )}
              </Field>
            ))}
            {error && <MessageBar intent="error"><MessageBarBody data-testid={`${testId}-error`}>{error}</MessageBarBody></MessageBar>}
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}><Trans>取消</Trans></Button>
            <Button appearance="primary" disabled={busy} onClick={() => void save()} data-testid={`${testId}-save`}><Trans>保存</Trans></Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
