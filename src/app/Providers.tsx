import { useEffect, useMemo, type ReactNode } from 'react';
import { FluentProvider } from '@fluentui/react-components';
import { I18nProvider } from '@lingui/react';
import { useSelector } from '@xstate/react';
import { AppActorContext, type AppActorRef } from './actorContext.ts';
import { useLocale, useOrgAppActor, useThemeMode } from './baseHooks.ts';
import { activateLocale, i18n } from './i18n.ts';
import { buildTheme } from './theme.ts';

/** Fluent theme from the org's ysdadminTheme brand colour, light or dark as chosen. */
function ThemedFluent({ children }: { children: ReactNode }) {
  const brandColor = useSelector(useOrgAppActor(), (s) => s.context.theme?.ysdadminTheme.brandColor ?? null);
  const { mode } = useThemeMode();
  const theme = useMemo(() => buildTheme(brandColor, mode), [brandColor, mode]);
  useEffect(() => {
    document.documentElement.style.colorScheme = mode;
    document.body.style.background = theme.colorNeutralBackground2;
  }, [mode, theme]);
  return (
    <FluentProvider theme={theme} style={{ minHeight: '100vh', background: 'transparent' }}>
      {children}
    </FluentProvider>
  );
}

/** Lingui catalogs follow the chosen (or org) locale. */
function Localised({ children }: { children: ReactNode }) {
  const { locale } = useLocale();
  useEffect(() => { void activateLocale(locale); }, [locale]);
  return <I18nProvider i18n={i18n}>{children}</I18nProvider>;
}

export function Providers({ actor, children }: { actor: AppActorRef; children: ReactNode }) {
  return (
    <AppActorContext.Provider value={actor}>
      {/* the query cache is the signed-in console's (src/app/Console.tsx): the sign-in screen needs none */}
      <Localised>
        <ThemedFluent>{children}</ThemedFluent>
      </Localised>
    </AppActorContext.Provider>
  );
}
