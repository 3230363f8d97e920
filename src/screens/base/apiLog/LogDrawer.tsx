// The detail drawer of both log views: the fields of the entry and its event data (secrets are blanked by the
// server before they leave it).
import type { ReactNode } from 'react';
import { Button, DrawerBody, DrawerHeader, DrawerHeaderTitle, makeStyles, OverlayDrawer, Text, tokens } from '@fluentui/react-components';
import { DismissRegular } from '@fluentui/react-icons';
import { useLingui } from '@lingui/react/macro';
import { formatDateTime } from '../../../../domain/intlFormat.ts';

const useStyles = makeStyles({
  grid: { display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: tokens.spacingHorizontalL, rowGap: tokens.spacingVerticalS, marginBottom: tokens.spacingVerticalL },
  key: { color: tokens.colorNeutralForeground3 },
  pre: {
    fontFamily: tokens.fontFamilyMonospace, fontSize: tokens.fontSizeBase200, whiteSpace: 'pre-wrap', wordBreak: 'break-all',
    backgroundColor: tokens.colorNeutralBackground3, padding: tokens.spacingHorizontalM, borderRadius: tokens.borderRadiusMedium, margin: 0,
  },
});

export function LogDrawer({ open, title, fields, data, onClose, children }: {
  open: boolean; title: string; fields: [string, ReactNode][]; data?: unknown; onClose: () => void; children?: ReactNode;
}) {
  const styles = useStyles();
  const { t } = useLingui();
  return (
    <OverlayDrawer position="end" size="medium" open={open} onOpenChange={(_, d) => { if (!d.open) onClose(); }} data-testid="log-drawer">
      <DrawerHeader>
        <DrawerHeaderTitle action={<Button appearance="subtle" aria-label={t`关闭`} icon={<DismissRegular />} onClick={onClose} />}>{title}</DrawerHeaderTitle>
      </DrawerHeader>
      <DrawerBody>
        <div className={styles.grid}>
          {fields.map(([k, v]) => (
            <Text key={k} as="span" style={{ display: 'contents' }}><span className={styles.key}>{k}</span><span>{v}</span></Text>
          ))}
        </div>
        {data !== undefined && <pre className={styles.pre} data-testid="log-drawer-data">{JSON.stringify(data, null, 2)}</pre>}
        {children}
      </DrawerBody>
    </OverlayDrawer>
  );
}

/** a log line's time in the chosen language, to the second (lines of one request are told apart by it) */
export const timeText = (iso: string, locale: string) => formatDateTime(iso, locale, true);
