// Holidays (type 1) and make-up working days (type 0) of a year: a year calendar plus the list; system
// providers add, change and remove dates (§7 /v1/datetime/holidays).
import { useMemo, useState } from 'react';
import {
  Badge, Button, Field, Input, MessageBar, MessageBarBody, Select, Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow,
  Text, makeStyles, mergeClasses, tokens,
} from '@fluentui/react-components';
import { ChevronLeftRegular, ChevronRightRegular, DeleteRegular } from '@fluentui/react-icons';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { WEEK_STARTS_ON } from '../../../../domain/constants.ts';
import { holidayKeys, holidaysQuery, type HolidayRow } from '../../../../services/datetime.ts';
import { addHoliday, removeHoliday, updateHoliday } from '../../../../services/settings.ts';
import { isStaleVersion } from '../../../../services/http.ts';
import { usePowers } from '../../../app/hooks.ts';
import { useFormStyles } from './formStyles.ts';
import { errorText } from './settingsQueries.ts';
import { DateInput } from '../../../components/DateInput.tsx';

const useStyles = makeStyles({
  months: { display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(210px, 1fr))', gap: tokens.spacingHorizontalL },
  month: { border: `1px solid ${tokens.colorNeutralStroke2}`, borderRadius: tokens.borderRadiusMedium, padding: tokens.spacingHorizontalS },
  grid: { display: 'grid', gridTemplateColumns: 'repeat(7, 1fr)', gap: '2px', fontSize: tokens.fontSizeBase200, textAlign: 'center' },
  day: { padding: '2px 0', borderRadius: tokens.borderRadiusSmall, cursor: 'pointer', border: 'none', background: 'transparent', font: 'inherit', color: 'inherit' },
  weekend: { color: tokens.colorNeutralForeground3 },
  holiday: { backgroundColor: tokens.colorPaletteRedBackground2, color: tokens.colorPaletteRedForeground2 },
  working: { backgroundColor: tokens.colorPaletteGreenBackground2, color: tokens.colorPaletteGreenForeground2 },
  selected: { outline: `2px solid ${tokens.colorBrandStroke1}` },
  head: { color: tokens.colorNeutralForeground3 },
});

const pad = (n: number) => String(n).padStart(2, '0');

export function HolidaysCalendar() {
  const styles = useStyles();
  const form = useFormStyles();
  const { t } = useLingui();
  const client = useQueryClient();
  const { isSystemProvider } = usePowers();
  const [year, setYear] = useState(new Date().getFullYear());
  const query = useQuery(holidaysQuery(year));
  const byDate = useMemo(() => new Map((query.data ?? []).map((h) => [h.date, h])), [query.data]);
  const [date, setDate] = useState('');
  const [type, setType] = useState<0 | 1>(1);
  const [name, setName] = useState('');
  // the picked date's version as read: a change or removal sends it (409 when someone changed that date meanwhile)
  const [version, setVersion] = useState<number | undefined>(undefined);
  const [error, setError] = useState<string | null>(null);
  const weekdays = [t`一`, t`二`, t`三`, t`四`, t`五`, t`六`, t`日`];

  const fill = (d: string, h: HolidayRow | undefined) => {
    setDate(d);
    setType(h ? (h.type === 0 ? 0 : 1) : 1);
    setName(h?.name ?? '');
    setVersion(h?.version);
  };
  const pick = (d: string) => {
    fill(d, byDate.get(d));
    setError(null);
  };
  /** `fn` answers the date as it is after the save (its new version, for the next save), or nothing once removed */
  const run = async (fn: () => Promise<HolidayRow | null>) => {
    setError(null);
    try {
      const after = await fn();
      setVersion(after?.version);
      await client.invalidateQueries({ queryKey: holidayKeys.all });
    } catch (e) {
      setError(errorText(e));
      // someone changed this date first: the form starts again from the date as it is now (the stale toast says who)
      if (isStaleVersion(e)) {
        const rows = await client.fetchQuery({ ...holidaysQuery(Number(date.slice(0, 4))), staleTime: 0 });
        fill(date, rows.find((h) => h.date === date));
      }
    }
  };
  const validDate = /^\d{4}-\d{2}-\d{2}$/.test(date);
  const exists = byDate.has(date);

  return (
    <div className={form.form} style={{ maxWidth: 'none' }} data-testid="holidays">
      <div className={form.actions}>
        <Button icon={<ChevronLeftRegular />} aria-label={t`上一年`} onClick={() => setYear(year - 1)} />
        <Text weight="semibold" data-testid="holidays-year">{year}</Text>
        <Button icon={<ChevronRightRegular />} aria-label={t`下一年`} onClick={() => setYear(year + 1)} />
        <Badge className={styles.holiday} appearance="filled"><Trans>节假日</Trans></Badge>
        <Badge className={styles.working} appearance="filled"><Trans>调休上班</Trans></Badge>
      </div>
      <div className={styles.months}>
        {Array.from({ length: 12 }, (_, m) => {
          const first = new Date(Date.UTC(year, m, 1));
          const days = new Date(Date.UTC(year, m + 1, 0)).getUTCDate();
          const lead = (first.getUTCDay() - WEEK_STARTS_ON + 7) % 7;
          return (
            <div key={m} className={styles.month}>
              <Text weight="semibold">{t`${m + 1}月`}</Text>
              <div className={styles.grid}>
                {weekdays.map((w) => <span key={w} className={styles.head}>{w}</span>)}
                {Array.from({ length: lead }, (_, i) => <span key={`l${i}`} />)}
                {Array.from({ length: days }, (_, i) => {
                  const d = `${year}-${pad(m + 1)}-${pad(i + 1)}`;
                  const h = byDate.get(d);
                  const dow = (lead + i) % 7;
                  return (
                    <button
                      key={d} type="button" title={h ? `${d} ${h.name ?? ''}` : d} onClick={() => pick(d)} data-testid={`day-${d}`}
                      className={mergeClasses(styles.day, dow >= 5 && styles.weekend, h?.type === 1 && styles.holiday, h?.type === 0 && styles.working, d === date && styles.selected)}
                    >
                      {i + 1}
                    </button>
                  );
                })}
              </div>
            </div>
          );
        })}
      </div>
      {isSystemProvider && (
        <div className={form.row}>
          <Field label={t`日期`}><DateInput value={date} onChange={(_, d) => pick(d.value)} data-testid="holiday-date" /></Field>
          <Field label={t`类型`}>
            <Select value={String(type)} onChange={(_, d) => setType(d.value === '0' ? 0 : 1)} data-testid="holiday-type">
              <option value="1">{t`节假日`}</option>
              <option value="0">{t`调休上班`}</option>
            </Select>
          </Field>
          <Field label={t`名称`}><Input value={name} maxLength={50} onChange={(_, d) => setName(d.value)} data-testid="holiday-name" /></Field>
          <Button appearance="primary" disabled={!validDate} data-testid="holiday-save"
            onClick={() => run(() => (exists ? updateHoliday({ date, type, name, version }) : addHoliday({ date, type, name })))}>
            {exists ? <Trans>修改</Trans> : <Trans>添加</Trans>}
          </Button>
          {exists && <Button icon={<DeleteRegular />} onClick={() => run(async () => { await removeHoliday(date, version); return null; })} data-testid="holiday-remove"><Trans>删除</Trans></Button>}
        </div>
      )}
      {error && <MessageBar intent="error"><MessageBarBody>{error}</MessageBarBody></MessageBar>}
      <Table size="small">
        <TableHeader><TableRow>
          <TableHeaderCell><Trans>日期</Trans></TableHeaderCell><TableHeaderCell><Trans>类型</Trans></TableHeaderCell><TableHeaderCell><Trans>名称</Trans></TableHeaderCell>
        </TableRow></TableHeader>
        <TableBody>
          {(query.data ?? []).map((h) => (
            <TableRow key={h.date} onClick={() => pick(h.date)} data-testid="holiday-row">
              <TableCell>{h.date}</TableCell>
              <TableCell>{h.type === 1 ? t`节假日` : t`调休上班`}</TableCell>
              <TableCell>{h.name}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}
