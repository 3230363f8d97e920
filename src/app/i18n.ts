import { i18n, type Messages } from '@lingui/core';
import { DEFAULT_LOCALE, type Locale } from '../../domain/constants.ts';
import { messages as zhCN } from '../../locales/zh-CN.ts';

// Catalogs compiled by `lingui compile --typescript`. The source language (§9 default zh-CN) ships with the
// entry; zh-TW and en-US load when chosen, so a sign-in screen in Chinese does not carry both other catalogs.
const LOADERS: Record<Exclude<Locale, 'zh-CN'>, () => Promise<{ messages: Messages }>> = {
  'zh-TW': () => import('../../locales/zh-TW.ts'),
  'en-US': () => import('../../locales/en-US.ts'),
};

i18n.loadAndActivate({ locale: DEFAULT_LOCALE, messages: zhCN });

/** The locale last asked for: a slower earlier load must not win over a later choice. */
let wanted: Locale = DEFAULT_LOCALE;

/**
 * Activates `locale`, loading its catalog first when needed; the I18nProvider re-renders on activation. The page
 * keeps the current language until the catalog is there.
 */
export async function activateLocale(locale: Locale): Promise<void> {
  const target: Locale = locale in LOADERS || locale === DEFAULT_LOCALE ? locale : DEFAULT_LOCALE;
  wanted = target;
  if (i18n.locale === target) return;
  const messages = target === DEFAULT_LOCALE ? zhCN : (await LOADERS[target as keyof typeof LOADERS]()).messages;
  if (wanted !== target) return;
  i18n.loadAndActivate({ locale: target, messages });
  document.documentElement.lang = target;
}

export { i18n };
