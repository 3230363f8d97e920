// Titles (§2 document title titleName, systemName) and the §2 system notice banner with a live preview.
import { useState } from 'react';
import { Field, Input, Switch, Textarea, makeStyles, tokens } from '@fluentui/react-components';
import { MegaphoneRegular } from '@fluentui/react-icons';
import { Trans, useLingui } from '@lingui/react/macro';
import { shouldShowNotice } from '../../../../domain/notice.ts';
import type { SystemNotify } from '../../../../domain/types.ts';
import { SaveBar, type SaveState } from './SaveBar.tsx';
import { useFormStyles } from './formStyles.ts';
import { errorText, useConfigSaved, type ConfigPathsEdit } from './settingsQueries.ts';

const usePreviewStyles = makeStyles({
  banner: {
    display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, height: '34px', padding: `0 ${tokens.spacingHorizontalM}`,
    border: `1px dashed ${tokens.colorNeutralStroke1}`, overflow: 'hidden', whiteSpace: 'nowrap', textOverflow: 'ellipsis',
  },
  off: { color: tokens.colorNeutralForeground3 },
});

const HEX = /^#[0-9A-Fa-f]{6}$/;

export function GeneralForm({ edit, canEdit }: { edit: ConfigPathsEdit<'titleName' | 'systemName' | 'systemNotify'>; canEdit: boolean }) {
  const config = edit.values;
  const styles = useFormStyles();
  const preview = usePreviewStyles();
  const { t } = useLingui();
  const saved = useConfigSaved();
  const stored = (config.systemNotify ?? { enable: false, content: '' }) as SystemNotify;
  const [titleName, setTitleName] = useState(String(config.titleName ?? ''));
  const [systemName, setSystemName] = useState(String(config.systemName ?? ''));
  const [enable, setEnable] = useState(Boolean(stored.enable));
  const [content, setContent] = useState(stored.content ?? '');
  const [color, setColor] = useState(stored.style?.color ?? '#8A3707');
  const [background, setBackground] = useState(stored.style?.background ?? '#FDF6F3');
  const [fontSize, setFontSize] = useState(stored.style?.fontSize ?? '14px');
  const [names, setNames] = useState<SaveState>({ kind: 'idle' });
  const [notice, setNotice] = useState<SaveState>({ kind: 'idle' });

  const notify: SystemNotify = { enable, content, style: { color, background, fontSize } };
  const colorsOk = HEX.test(color) && HEX.test(background);
  const noticeError = enable && !content.trim() ? t`启用通知时内容不能为空` : !colorsOk ? t`颜色须为 #RRGGBB` : null;

  const saveNames = async () => {
    setNames({ kind: 'saving' });
    try {
      // both names in one write with the version read of each: neither is saved when the other is refused or stale
      await edit.saveAll({ titleName: titleName.trim(), systemName: systemName.trim() });
      setNames({ kind: 'saved' });
      saved({ reloadContext: true });
    } catch (e) {
      setNames({ kind: 'error', message: errorText(e) });
    }
  };
  const saveNotice = async () => {
    setNotice({ kind: 'saving' });
    try {
      await edit.save('systemNotify', notify);
      setNotice({ kind: 'saved' });
      saved({ reloadContext: true });
    } catch (e) {
      setNotice({ kind: 'error', message: errorText(e) });
    }
  };

  return (
    <div className={styles.form}>
      <Field label={t`页面标题 (titleName)`} validationMessage={titleName.trim() ? undefined : t`不能为空`}>
        <Input value={titleName} maxLength={50} disabled={!canEdit} onChange={(_, d) => setTitleName(d.value)} data-testid="config-titleName" />
      </Field>
      <Field label={t`系统名称 (systemName)`} validationMessage={systemName.trim() ? undefined : t`不能为空`}>
        <Input value={systemName} maxLength={50} disabled={!canEdit} onChange={(_, d) => setSystemName(d.value)} data-testid="config-systemName" />
      </Field>
      {canEdit && <SaveBar state={names} disabled={!titleName.trim() || !systemName.trim()} onSave={saveNames} testId="config-names" />}

      <div className={styles.section}>
        <Switch label={t`启用系统通知`} checked={enable} disabled={!canEdit} onChange={(_, d) => setEnable(d.checked)} data-testid="notify-enable" />
        <Field label={t`通知内容`} validationMessage={noticeError ?? undefined} hint={t`最多 500 字；超出横幅宽度时滚动显示`}>
          <Textarea value={content} maxLength={500} disabled={!canEdit} onChange={(_, d) => setContent(d.value)} data-testid="notify-content" />
        </Field>
        <div className={styles.row}>
          <Field label={t`文字颜色`}>
            <input type="color" value={HEX.test(color) ? color : '#000000'} disabled={!canEdit} onChange={(e) => setColor(e.target.value)} data-testid="notify-color" style={{ width: 48, height: 32 }} />
          </Field>
          <Field label={t`背景颜色`}>
            <input type="color" value={HEX.test(background) ? background : '#ffffff'} disabled={!canEdit} onChange={(e) => setBackground(e.target.value)} data-testid="notify-background" style={{ width: 48, height: 32 }} />
          </Field>
          <Field label={t`字号`}>
            <Input value={fontSize} disabled={!canEdit} onChange={(_, d) => setFontSize(d.value)} style={{ width: 90 }} />
          </Field>
        </div>
        <Field label={t`预览`}>
          <div className={preview.banner} style={{ color, backgroundColor: background, fontSize }} data-testid="notify-preview">
            <MegaphoneRegular />
            {shouldShowNotice(notify) ? content : <span className={preview.off}><Trans>（通知未启用或内容为空，不显示横幅）</Trans></span>}
          </div>
        </Field>
        {canEdit && <SaveBar state={notice} disabled={Boolean(noticeError)} onSave={saveNotice} testId="notify" />}
      </div>
    </div>
  );
}
