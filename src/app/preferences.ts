import { DEFAULT_LOCALE, LOCALES, type Locale } from '../../domain/constants.ts';

// The user's own choices kept in this browser: locale and light/dark mode (§9 default language zh-CN).
export type ThemeMode = 'light' | 'dark';

export const STORAGE_KEYS = {
  login: 'meal.login',
  orgApp: 'meal.orgApp',
  locale: 'meal.locale',
  themeMode: 'meal.themeMode',
  /** §4 logout keeps the user (remembered phone) and the agent */
  user: 'meal.user',
  agent: 'meal.agent',
  tabs: 'meal.tabs',
} as const;

type Listener = () => void;
const listeners = new Set<Listener>();

function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}
function write(key: string, value: string | null): void {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    // storage unavailable (private mode): the choice lasts this page only
  }
}

const isLocale = (v: unknown): v is Locale => (LOCALES as readonly unknown[]).includes(v);

interface Prefs {
  /** explicit choice of the user, or null to follow the org-app's locale */
  chosenLocale: Locale | null;
  /** the org-app's configured locale, once known */
  orgLocale: Locale | null;
  chosenMode: ThemeMode | null;
  orgMode: ThemeMode | null;
}

let prefs: Prefs = {
  chosenLocale: ((v) => (isLocale(v) ? v : null))(read(STORAGE_KEYS.locale)),
  orgLocale: null,
  chosenMode: ((v) => (v === 'light' || v === 'dark' ? v : null))(read(STORAGE_KEYS.themeMode)),
  orgMode: null,
};

function emit(next: Partial<Prefs>) {
  prefs = { ...prefs, ...next };
  for (const l of listeners) l();
}

export function subscribePreferences(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function currentLocale(): Locale {
  return prefs.chosenLocale ?? prefs.orgLocale ?? DEFAULT_LOCALE;
}
export function currentThemeMode(): ThemeMode {
  return prefs.chosenMode ?? prefs.orgMode ?? 'light';
}

export function chooseLocale(locale: Locale): void {
  write(STORAGE_KEYS.locale, locale);
  emit({ chosenLocale: locale });
}
export function setOrgLocale(locale: Locale | null): void {
  if (locale === prefs.orgLocale || (locale !== null && !isLocale(locale))) return;
  emit({ orgLocale: locale });
}
export function chooseThemeMode(mode: ThemeMode): void {
  write(STORAGE_KEYS.themeMode, mode);
  emit({ chosenMode: mode });
}
export function setOrgThemeMode(mode: ThemeMode | null): void {
  if (mode === prefs.orgMode) return;
  emit({ orgMode: mode });
}
