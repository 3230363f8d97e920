// Issue 28: the sign-in page offers the three languages before anyone signs in; the choice is stored in this browser
// (src/app/preferences.ts) and kept by logout, so the page after a sign-out and a reload speaks the same language.
// Plain buttons and the entry's own preferences: nothing here adds to what the sign-in page loads first (a Fluent
// Menu would bring its popover and positioning code into the entry).
import { makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { useLingui } from '@lingui/react/macro';
import { LOCALE_NAMES, LOCALES } from '../../../domain/constants.ts';
import { useLocale } from '../../app/baseHooks.ts';

const useStyles = makeStyles({
  row: { display: 'flex', justifyContent: 'center', flexWrap: 'wrap', gap: tokens.spacingHorizontalXS, marginTop: 'auto' },
  choice: {
    border: 'none', background: 'none', cursor: 'pointer', padding: `${tokens.spacingVerticalXXS} ${tokens.spacingHorizontalS}`,
    fontFamily: tokens.fontFamilyBase, fontSize: tokens.fontSizeBase200, lineHeight: tokens.lineHeightBase200, color: tokens.colorNeutralForeground3,
    borderRadius: tokens.borderRadiusMedium,
    ':hover': { color: tokens.colorNeutralForeground1 },
    ':focus-visible': { outline: `2px solid ${tokens.colorStrokeFocus2}` },
  },
  chosen: { color: tokens.colorNeutralForeground1, fontWeight: tokens.fontWeightSemibold },
});

export function LocaleSwitch() {
  const styles = useStyles();
  const { t } = useLingui();
  const { locale, setLocale } = useLocale();
  return (
    <div className={styles.row} role="group" aria-label={t`切换语言`} data-testid="login-locale">
      {LOCALES.map((l) => (
        <button
          key={l}
          type="button"
          lang={l}
          aria-pressed={l === locale}
          className={mergeClasses(styles.choice, l === locale && styles.chosen)}
          onClick={() => setLocale(l)}
          data-testid={`login-locale-${l}`}
        >
          {LOCALE_NAMES[l]}
        </button>
      ))}
    </div>
  );
}
