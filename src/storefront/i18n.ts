// Issue 34: the storefront speaks zh-CN, zh-TW and en-US. Its entry carries only its own messages, all three languages
// (scripts/storefrontCatalog.ts: the messages whose origin is src/storefront/), not the console's whole catalogs.
import { i18n } from '@lingui/core';
import { messages } from 'virtual:storefront-messages';
import { setStorefrontLocale } from '../../services/storefront.ts';

export const STOREFRONT_LOCALES = ['zh-CN', 'zh-TW', 'en-US'] as const;
export type StorefrontLocale = (typeof STOREFRONT_LOCALES)[number];
const STORED = 'storefront:locale';

/** The member's choice, else his phone's language: Traditional for zh-TW/HK/MO/Hant, English for any other non-Chinese. */
export function pickLocale(stored: string | null, languages: readonly string[]): StorefrontLocale {
  if ((STOREFRONT_LOCALES as readonly string[]).includes(stored ?? '')) return stored as StorefrontLocale;
  const first = (languages[0] ?? 'zh-CN').toLowerCase();
  if (/^zh-(tw|hk|mo)|^zh-hant/.test(first)) return 'zh-TW';
  if (first.startsWith('zh')) return 'zh-CN';
  return 'en-US';
}

export function activateStorefrontLocale(locale: StorefrontLocale, remember = false): void {
  i18n.loadAndActivate({ locale, messages: messages[locale] });
  document.documentElement.lang = locale;
  setStorefrontLocale(locale);
  if (remember) localStorage.setItem(STORED, locale);
}

export const initialLocale = () => pickLocale(localStorage.getItem(STORED), navigator.languages ?? [navigator.language]);
