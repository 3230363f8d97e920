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
import { useFormStyles } from './formStyles.ts';
import { errorText, useConfigSaved } from './settingsQueries.ts';
import { WithConfigPaths } from './WithConfigPaths.tsx';

const PATH = /^[A-Za-z_$][A-Za-z0-9_$-]*(\.[A-Za-z0-9_$-]+)*$/;
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
      {/* an existing path is edited from its own read, with its version; a new one from the list, where it is absent (version 0) */}
      {editing && (editing.isNew
        ? <PathDialog path="" isNew onClose={() => setEditing(null)} exists={(p) => p in config} />
        : (
          <WithConfigPaths paths={[editing.path]}>
            {(edit) => <PathDialog path={editing.path} isNew={false} value={edit.values[editing.path]} save={(v) => edit.save(editing.path, v)} onClose={() => setEditing(null)} />}
          </WithConfigPaths>
        ))}
    </div>
  );
}

interface PathDialogProps {
  path: string;
  isNew: boolean;
  /** an existing path: its value as read, and its save with the version read (useConfigPaths) */
  value?: unknown;
  save?: (value: unknown) => Promise<void>;
  /** a new path: whether the list holds it already (then it is no longer new: no version to claim) */
  exists?: (path: string) => boolean;
  onClose: () => void;
}

function PathDialog({ path: initialPath, isNew, value, save: saveRead, exists, onClose }: PathDialogProps) {
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
      // PUT /v1/config/org checks the paths the settings forms edit as their saves are checked; a new path claims
      // version 0 (not there when the list was read): someone who added it meanwhile makes this a 409
      if (saveRead) await saveRead(parsed.value);
      else await updateOrgConfig(path, parsed.value, exists?.(path) ? undefined : 0);
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
