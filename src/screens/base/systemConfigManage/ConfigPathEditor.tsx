// Org config by path (§3 org config; §7 PUT /v1/config/org): every stored path with its JSON value, edited
// as JSON with validation. Paths that have a form are checked by the server as the form's save is.
import { useState } from 'react';
import {
  Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, Field, Input, MessageBar, MessageBarBody,
  Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow, Text, Textarea,
} from '@fluentui/react-components';
import { AddRegular, EditRegular } from '@fluentui/react-icons';
import { Trans, useLingui } from '@lingui/react/macro';
import { updateOrgConfig } from '../../../../services/config.ts';
import { saveSetting, type SettingsPath } from '../../../../services/settings.ts';
import { useFormStyles } from './formStyles.ts';
import { errorText, useConfigSaved } from './settingsQueries.ts';

const PATH = /^[A-Za-z_$][A-Za-z0-9_$-]*(\.[A-Za-z0-9_$-]+)*$/;
const FORM_PATHS = new Set<string>(['systemNotify', 'titleName', 'systemName', 'nutritiousmeals', 'recipeConfig', 'foodLabelConfig']);
/** Paths the console re-reads into the shell (banner, theme, title, locale) after a change. */
const SHELL_PATHS = new Set(['systemNotify', 'titleName', 'ysdadminTheme', 'locales', 'systemName', 'icon']);

const preview = (v: unknown) => {
  const s = JSON.stringify(v);
  return s.length > 120 ? `${s.slice(0, 117)}…` : s;
};

export function ConfigPathEditor({ config, canEdit }: { config: Record<string, unknown>; canEdit: boolean }) {
  const styles = useFormStyles();
  const [editing, setEditing] = useState<{ path: string; isNew: boolean } | null>(null);
  const paths = Object.keys(config).sort();
  return (
    <div className={styles.form} style={{ maxWidth: 'none' }}>
      {canEdit && <div><Button icon={<AddRegular />} onClick={() => setEditing({ path: '', isNew: true })} data-testid="config-path-add"><Trans>新增配置项</Trans></Button></div>}
      <Table size="small">
        <TableHeader><TableRow>
          <TableHeaderCell style={{ width: 220 }}><Trans>路径</Trans></TableHeaderCell><TableHeaderCell><Trans>值 (JSON)</Trans></TableHeaderCell><TableHeaderCell style={{ width: 60 }} />
        </TableRow></TableHeader>
        <TableBody>
          {paths.map((p) => (
            <TableRow key={p} data-testid={`config-path-${p}`}>
              <TableCell><Text className={styles.mono}>{p}</Text></TableCell>
              <TableCell><Text className={styles.mono}>{preview(config[p])}</Text></TableCell>
              <TableCell>{canEdit && <Button appearance="subtle" icon={<EditRegular />} aria-label={p} onClick={() => setEditing({ path: p, isNew: false })} />}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {editing && <PathDialog path={editing.path} isNew={editing.isNew} value={config[editing.path]} onClose={() => setEditing(null)} />}
    </div>
  );
}

function PathDialog({ path: initialPath, isNew, value, onClose }: { path: string; isNew: boolean; value: unknown; onClose: () => void }) {
  const { t } = useLingui();
  const saved = useConfigSaved();
  const [path, setPath] = useState(initialPath);
  const [text, setText] = useState(isNew ? '' : JSON.stringify(value, null, 2));
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  let parsed: { ok: true; value: unknown } | { ok: false; message: string };
  try {
    parsed = { ok: true, value: JSON.parse(text) };
  } catch (e) {
    parsed = { ok: false, message: errorText(e) };
  }
  const pathOk = PATH.test(path);

  const save = async () => {
    if (!parsed.ok || !pathOk) return;
    setBusy(true);
    setError(null);
    try {
      if (FORM_PATHS.has(path)) await saveSetting(path as SettingsPath, parsed.value);
      else await updateOrgConfig(path, parsed.value);
      saved({ reloadContext: SHELL_PATHS.has(path.split('.')[0]) });
      onClose();
    } catch (e) {
      setError(errorText(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open onOpenChange={(_, d) => { if (!d.open) onClose(); }}>
      <DialogSurface style={{ maxWidth: 760 }}>
        <DialogBody>
          <DialogTitle>{isNew ? t`新增配置项` : t`编辑配置项`}</DialogTitle>
          <DialogContent>
            <Field label={t`路径`} validationMessage={pathOk ? undefined : t`路径不合法（字母开头，可用 . 分隔）`}>
              <Input value={path} disabled={!isNew} onChange={(_, d) => setPath(d.value.trim())} data-testid="config-path-name" />
            </Field>
            <Field label={t`值 (JSON)`} validationMessage={parsed.ok ? undefined : t`JSON 格式错误：${parsed.message}`}>
              <Textarea value={text} rows={14} onChange={(_, d) => setText(d.value)} style={{ fontFamily: 'monospace' }} data-testid="config-path-value" />
            </Field>
            {error && <MessageBar intent="error"><MessageBarBody>{error}</MessageBarBody></MessageBar>}
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}><Trans>取消</Trans></Button>
            <Button appearance="primary" disabled={busy || !parsed.ok || !pathOk} onClick={save} data-testid="config-path-save"><Trans>保存</Trans></Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
