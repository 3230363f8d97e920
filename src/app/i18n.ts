import { i18n, type Messages } from '@lingui/core';
import { messages as signInMessages } from 'virtual:sign-in-messages';
import { DEFAULT_LOCALE, type Locale } from '../../domain/constants.ts';
import { setRequestLocale } from '../../services/transport.ts';

// Catalogs compiled by `lingui compile --typescript`. The entry carries only the sign-in screen's zh-CN messages
// (scripts/signInCatalog.ts): the full zh-CN catalog grows with every screen, and loads with the console
// (loadConsoleCatalog, before the console renders). zh-TW and en-US load whole when chosen.
const LOADERS: Record<Locale, () => Promise<{ messages: Messages }>> = {
  'zh-CN': () => import('../../locales/zh-CN.ts'),
  'zh-TW': () => import('../../locales/zh-TW.ts'),
  'en-US': () => import('../../locales/en-US.ts'),
};

i18n.loadAndActivate({ locale: DEFAULT_LOCALE, messages: signInMessages });
// every call names the language the console shows, so the server's refusal texts come in it (issue 13)
setRequestLocale(DEFAULT_LOCALE);

/** Locales whose full catalog is loaded. */
const complete = new Set<Locale>();

/** The locale last asked for: a slower earlier load must not win over a later choice. */
let wanted: Locale = DEFAULT_LOCALE;

async function fullCatalog(locale: Locale): Promise<Messages> {
  const { messages } = await LOADERS[locale]();
  complete.add(locale);
  return messages;
}

/**
 * Activates `locale`, loading its catalog first when needed; the I18nProvider re-renders on activation. The page
 * keeps the current language until the catalog is there. zh-CN, the language of a first visit, stays on the sign-in
 * screen's messages until the console loads the rest.
 */
export async function activateLocale(locale: Locale): Promise<void> {
  const target: Locale = locale in LOADERS ? locale : DEFAULT_LOCALE;
  wanted = target;
  // from the choice on, not once its catalog is here: a refusal answered meanwhile is read in the new language
  setRequestLocale(target);
  if (i18n.locale === target) return;
  const messages = await fullCatalog(target);
  if (wanted !== target) return;
  i18n.loadAndActivate({ locale: target, messages });
  document.documentElement.lang = target;
}

/** The whole catalog of the active language, for the console's screens: awaited before the console renders. */
export async function loadConsoleCatalog(): Promise<void> {
  const locale = i18n.locale as Locale;
  if (complete.has(locale)) return;
  const messages = await fullCatalog(locale);
  // merged into the active catalog (the sign-in messages are among them): the provider re-renders
  i18n.load(locale, messages);
}

export { i18n };
