import type { ReactNode } from 'react';
import { makeStyles, tokens } from '@fluentui/react-components';

const useStyles = makeStyles({
  page: {
    minHeight: '100vh',
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    padding: tokens.spacingHorizontalXXL,
    boxSizing: 'border-box',
    backgroundColor: tokens.colorNeutralBackground2,
  },
  card: {
    width: '560px',
    maxWidth: '100%',
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalL,
    padding: '36px 40px',
    borderRadius: tokens.borderRadiusXLarge,
    backgroundColor: tokens.colorNeutralBackground1,
    boxShadow: tokens.shadow16,
    boxSizing: 'border-box',
  },
  wide: { width: '960px' },
  icon: { fontSize: '48px', color: tokens.colorBrandForeground1, lineHeight: 1 },
  title: { margin: 0, fontSize: tokens.fontSizeBase600, fontWeight: tokens.fontWeightSemibold },
  text: { margin: 0, color: tokens.colorNeutralForeground2, lineHeight: tokens.lineHeightBase400 },
  actions: { display: 'flex', gap: tokens.spacingHorizontalM, flexWrap: 'wrap', marginTop: tokens.spacingVerticalS },
});

/** The frame of the pages outside the shell (trial, public, QR confirmation): a centred card. */
export function StandalonePage({
  icon,
  title,
  text,
  actions,
  children,
  wide,
  testId,
}: {
  icon?: ReactNode;
  title: ReactNode;
  text?: ReactNode;
  actions?: ReactNode;
  children?: ReactNode;
  wide?: boolean;
  testId?: string;
}) {
  const styles = useStyles();
  return (
    <main className={styles.page} data-testid={testId}>
      <section className={wide ? `${styles.card} ${styles.wide}` : styles.card}>
        {icon && <div className={styles.icon}>{icon}</div>}
        <h1 className={styles.title}>{title}</h1>
        {text && <p className={styles.text}>{text}</p>}
        {children}
        {actions && <div className={styles.actions}>{actions}</div>}
      </section>
    </main>
  );
}

/** A parameter of the address: the hash's own query first (#/page?x=1), then the page query (?x=1#/page). */
export function hashParam(name: string): string | null {
  const hash = window.location.hash;
  const at = hash.indexOf('?');
  const fromHash = at < 0 ? null : new URLSearchParams(hash.slice(at + 1)).get(name);
  return fromHash ?? new URLSearchParams(window.location.search).get(name);
}
