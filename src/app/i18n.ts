import { i18n, type Messages } from '@lingui/core';
import { DEFAULT_LOCALE, type Locale } from '../../domain/constants.ts';
import { messages as zhCN } from '../../locales/zh-CN.ts';
import { messages as zhTW } from '../../locales/zh-TW.ts';
import { messages as enUS } from '../../locales/en-US.ts';

// Catalogs compiled by `lingui compile --typescript`; small enough to ship together (§9 zh-CN, zh-TW, en-US).
const CATALOGS: Record<Locale, Messages> = { 'zh-CN': zhCN, 'zh-TW': zhTW, 'en-US': enUS };

export function activateLocale(locale: Locale): void {
  const target = CATALOGS[locale] ? locale : DEFAULT_LOCALE;
  if (i18n.locale === target) return;
  i18n.loadAndActivate({ locale: target, messages: CATALOGS[target] });
  document.documentElement.lang = target;
}

export { i18n };
