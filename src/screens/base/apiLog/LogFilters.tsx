// The filter bar of both log views: event type(s), user (phone number), time range and, for the API log, route.
// Edits are applied with the query button (or Enter), so typing does not fire a request per key.
import { useState, type KeyboardEvent } from 'react';
import { Button, Field, Input } from '@fluentui/react-components';
import { ArrowResetRegular, SearchRegular } from '@fluentui/react-icons';
import { Trans, useLingui } from '@lingui/react/macro';
import { FilterBar } from '../../../components/FilterBar.tsx';
import type { LogQuery } from '../../../../services/logs.ts';

export interface LogFilterValues { type: string; username: string; route: string; start: string; end: string }
export const EMPTY_FILTERS: LogFilterValues = { type: '', username: '', route: '', start: '', end: '' };

/** datetime-local text (local time) → ISO; '' stays absent */
const iso = (local: string): string | undefined => {
  if (!local) return undefined;
  const d = new Date(local);
  return Number.isNaN(d.getTime()) ? undefined : d.toISOString();
};

export function toLogQuery(f: LogFilterValues): LogQuery {
  const types = f.type.split(/[,，\s]+/).map((s) => s.trim()).filter(Boolean);
  return {
    type: types.length ? types : undefined, username: f.username.trim() || undefined, route: f.route.trim() || undefined,
    startTime: iso(f.start), endTime: iso(f.end),
  };
}

export function rangeProblem(f: LogFilterValues): boolean {
  const a = iso(f.start);
  const b = iso(f.end);
  return Boolean(a && b && a > b);
}

export function LogFilters({ withRoute, onApply, testId }: { withRoute?: boolean; onApply: (f: LogFilterValues) => void; testId: string }) {
  const { t } = useLingui();
  const [f, setF] = useState<LogFilterValues>(EMPTY_FILTERS);
  const bad = rangeProblem(f);
  const apply = () => { if (!bad) onApply(f); };
  const onKey = (e: KeyboardEvent) => { if (e.key === 'Enter') apply(); };
  return (
    <FilterBar
      testId={testId}
      active={[f.type, f.username, f.route, f.start, f.end].filter(Boolean).length}
      actions={(
        <>
          <Button appearance="primary" icon={<SearchRegular />} data-testid="log-filter-apply" disabled={bad} onClick={apply}><Trans>查询</Trans></Button>
          <Button icon={<ArrowResetRegular />} onClick={() => { setF(EMPTY_FILTERS); onApply(EMPTY_FILTERS); }}><Trans>重置</Trans></Button>
        </>
      )}
    >
      <Field label={t`事件类型`}>
        <Input data-testid="log-filter-type" placeholder={t`如 MemberAdded，多个用逗号分隔`} value={f.type} onKeyDown={onKey} onChange={(_, d) => setF({ ...f, type: d.value })} />
      </Field>
      <Field label={t`用户`}>
        <Input data-testid="log-filter-user" placeholder={t`手机号`} value={f.username} onKeyDown={onKey} onChange={(_, d) => setF({ ...f, username: d.value })} />
      </Field>
      {withRoute && (
        <Field label={t`接口`}>
          <Input data-testid="log-filter-route" placeholder={t`如 /v1/productmembers`} value={f.route} onKeyDown={onKey} onChange={(_, d) => setF({ ...f, route: d.value })} />
        </Field>
      )}
      <Field label={t`开始时间`}>
        <Input type="datetime-local" data-testid="log-filter-start" value={f.start} onChange={(_, d) => setF({ ...f, start: d.value })} />
      </Field>
      <Field label={t`结束时间`} validationMessage={bad ? t`开始时间不能晚于结束时间` : undefined}>
        <Input type="datetime-local" data-testid="log-filter-end" value={f.end} onChange={(_, d) => setF({ ...f, end: d.value })} />
      </Field>
    </FilterBar>
  );
}
