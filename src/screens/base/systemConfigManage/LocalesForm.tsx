// §7 locales: the org-app's text overrides per locale ({locale: {key: text}}), edited as key/text rows.
import { useState } from 'react';
import { Button, Field, Input, Select, Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow, Text } from '@fluentui/react-components';
import { AddRegular, DeleteRegular } from '@fluentui/react-icons';
import { Trans, useLingui } from '@lingui/react/macro';
import { LOCALES, type Locale } from '../../../../domain/constants.ts';
import { LOCALES_PATH, saveLocaleOverrides } from '../../../../services/settings.ts';
import { SaveBar, type SaveState } from './SaveBar.tsx';
import { useFormStyles } from './formStyles.ts';
import { errorText, useConfigSaved, type ConfigPathsEdit } from './settingsQueries.ts';

type Rows = { key: string; text: string }[];
// a key is a menu entry's id or the zh-CN text of any label the org renames (src/app/orgTexts.ts, issue 15)
const KEY = /^\S(?:.{0,198}\S)?$/u;

export function LocalesForm({ edit, canEdit }: { edit: ConfigPathsEdit<typeof LOCALES_PATH>; canEdit: boolean }) {
  const styles = useFormStyles();
  const { t } = useLingui();
  const saved = useConfigSaved();
  const [all, setAll] = useState<Record<string, Rows>>(() => {
    const stored = (edit.values[LOCALES_PATH] ?? {}) as Record<string, Record<string, string>>;
    return Object.fromEntries(LOCALES.map((l) => [l, Object.entries(stored[l] ?? {}).map(([key, text]) => ({ key, text }))]));
  });
  const [locale, setLocale] = useState<Locale>('zh-CN');
  const [state, setState] = useState<SaveState>({ kind: 'idle' });

  const rows = all[locale] ?? [];
  const setRows = (next: Rows) => { setAll({ ...all, [locale]: next }); setState({ kind: 'idle' }); };
  const problems = LOCALES.flatMap((l) => {
    const keys = (all[l] ?? []).map((r) => r.key.trim());
    const bad = keys.filter((k) => !KEY.test(k));
    const dup = keys.filter((k, i) => keys.indexOf(k) !== i);
    return [...bad.map((k) => `${l}: ${t`键名不合法`} "${k}"`), ...dup.map((k) => `${l}: ${t`键名重复`} "${k}"`)];
  });

  const save = async () => {
    setState({ kind: 'saving' });
    try {
      const locales = Object.fromEntries(LOCALES.map((l) => [l, Object.fromEntries((all[l] ?? []).map((r) => [r.key.trim(), r.text]))]).filter(([, v]) => Object.keys(v).length > 0));
      // the overrides' version as read (If-Match): a 409 when someone saved them since
      await edit.save(LOCALES_PATH, locales, (value, version) => saveLocaleOverrides(value as typeof locales, version));
      setState({ kind: 'saved' });
      saved({ reloadContext: true });
    } catch (e) {
      setState({ kind: 'error', message: errorText(e) });
    }
  };

  return (
    <div className={styles.form}>
      <Field label={t`语言`}>
        <Select value={locale} onChange={(_, d) => setLocale(d.value as Locale)} data-testid="locales-locale">
          {LOCALES.map((l) => <option key={l} value={l}>{l}</option>)}
        </Select>
      </Field>
      <Table size="small">
        <TableHeader><TableRow><TableHeaderCell><Trans>键名</Trans></TableHeaderCell><TableHeaderCell><Trans>文本</Trans></TableHeaderCell><TableHeaderCell /></TableRow></TableHeader>
        <TableBody>
          {rows.map((r, i) => (
            <TableRow key={i}>
              <TableCell><Input value={r.key} disabled={!canEdit} onChange={(_, d) => setRows(rows.map((x, j) => (j === i ? { ...x, key: d.value } : x)))} /></TableCell>
              <TableCell><Input value={r.text} disabled={!canEdit} onChange={(_, d) => setRows(rows.map((x, j) => (j === i ? { ...x, text: d.value } : x)))} style={{ width: '100%' }} /></TableCell>
              <TableCell>{canEdit && <Button appearance="subtle" icon={<DeleteRegular />} aria-label={t`删除`} onClick={() => setRows(rows.filter((_, j) => j !== i))} />}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {canEdit && <div><Button icon={<AddRegular />} onClick={() => setRows([...rows, { key: '', text: '' }])}><Trans>添加</Trans></Button></div>}
      {problems.map((p) => <Text key={p} style={{ color: 'var(--colorPaletteRedForeground1)' }}>{p}</Text>)}
      {canEdit && <SaveBar state={state} disabled={problems.length > 0} onSave={save} testId="locales" />}
    </div>
  );
}
