// §7 theme (ysdadminTheme): brand colour and light/dark; saving applies it live to the whole console.
import { useState } from 'react';
import { Field, Input, Radio, RadioGroup } from '@fluentui/react-components';
import { useLingui } from '@lingui/react/macro';
import type { ThemeConfig } from '../../../../domain/types.ts';
import { saveTheme, THEME_PATH } from '../../../../services/settings.ts';
import { SaveBar, type SaveState } from './SaveBar.tsx';
import { useFormStyles } from './formStyles.ts';
import { errorText, useConfigSaved, type ConfigPathsEdit } from './settingsQueries.ts';

const HEX = /^#[0-9A-Fa-f]{6}$/;

export function ThemeForm({ edit, canEdit }: { edit: ConfigPathsEdit<typeof THEME_PATH>; canEdit: boolean }) {
  const value = edit.values[THEME_PATH];
  const styles = useFormStyles();
  const { t } = useLingui();
  const saved = useConfigSaved();
  const stored = (value && typeof value === 'object' ? value : {}) as Partial<ThemeConfig['ysdadminTheme']>;
  const [brandColor, setBrandColor] = useState(stored.brandColor ?? '#0F6CBD');
  const [mode, setMode] = useState<'light' | 'dark'>(stored.mode === 'dark' ? 'dark' : 'light');
  const [state, setState] = useState<SaveState>({ kind: 'idle' });
  const ok = HEX.test(brandColor);

  const save = async () => {
    setState({ kind: 'saving' });
    try {
      // the theme's version as read (If-Match): a 409 when someone saved it since
      await edit.save(THEME_PATH, { brandColor, mode }, (theme, version) => saveTheme(theme as { brandColor: string; mode: 'light' | 'dark' }, version));
      setState({ kind: 'saved' });
      saved({ reloadContext: true });
    } catch (e) {
      setState({ kind: 'error', message: errorText(e) });
    }
  };

  return (
    <div className={styles.form}>
      <div className={styles.row}>
        <Field label={t`品牌色`}>
          <input type="color" value={ok ? brandColor : '#0F6CBD'} disabled={!canEdit} onChange={(e) => setBrandColor(e.target.value)} data-testid="theme-color-picker" style={{ width: 48, height: 32 }} />
        </Field>
        <Field label="#RRGGBB" validationMessage={ok ? undefined : t`颜色须为 #RRGGBB`}>
          <Input value={brandColor} disabled={!canEdit} onChange={(_, d) => setBrandColor(d.value)} data-testid="theme-color" />
        </Field>
      </div>
      <Field label={t`默认外观`}>
        <RadioGroup value={mode} disabled={!canEdit} onChange={(_, d) => setMode(d.value === 'dark' ? 'dark' : 'light')} layout="horizontal">
          <Radio value="light" label={t`浅色`} />
          <Radio value="dark" label={t`深色`} />
        </RadioGroup>
      </Field>
      {canEdit && <SaveBar state={state} disabled={!ok} onSave={save} testId="theme" />}
    </div>
  );
}
