import { setupI18n, type I18n, type MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { MenuEntry } from '../../domain/types.ts';
import { serverTitle } from '../../domain/menuTree.ts';
import { DEFAULT_LOCALE } from '../../domain/constants.ts';
import { messages as zhCN } from '../../locales/zh-CN.ts';
import { getScreen, SCREENS, SCREEN_GROUP_LABELS } from '../screens/registry.ts';

// The name a menu entry shows in the user's language (issue 13). The server's menu names its entries in
// Simplified Chinese (moduleName, or meta.title); the registry holds each screen's label in every locale. So:
// - zh-CN shows the server's name, which is also how an org's renaming shows;
// - in zh-TW and en-US an entry whose server name is still the registry's own zh-CN label shows the registry's
//   translation; a name the org changed (it differs from the registry's label) is the org's word and stays;
// - an entry that is no registry screen (a frame, a custom group) shows the org's locale text for it when the
//   org gave one (§3 locales per org and app), else the server's name.

/** The source catalog on its own, so a registry label's zh-CN text is known whatever locale is active. */
const source = setupI18n({ locale: DEFAULT_LOCALE, messages: { [DEFAULT_LOCALE]: zhCN } });

/** Labels that are not screens but name menu groups (营养餐模块 …) and the home entry, by their zh-CN text. */
const GROUP_BY_SOURCE = new Map<string, MessageDescriptor>([...Object.values(SCREEN_GROUP_LABELS), msg`首页`].map((d) => [source._(d), d]));

/** The product's own name, which apps keep unless the platform named them otherwise. */
const PRODUCT_NAME = msg`营养餐管理平台`;

/**
 * A name the server holds (an app's, an entry's) in the user's language: when it is still the catalog's own zh-CN
 * text of `label`, its translation; a name someone chose stays as it is.
 */
export function localizedName(name: string | null | undefined, label: MessageDescriptor, i18n: I18n): string {
  return !name || name === source._(label) ? i18n._(label) : name;
}

/** The app's name in the header: the product's name in the user's language unless the app was named otherwise. */
export const appTitle = (appName: string | null | undefined, i18n: I18n) => localizedName(appName, PRODUCT_NAME, i18n);

/** Registry labels by their zh-CN text, for entries whose component is not set but whose name is a screen's. */
const SCREEN_BY_SOURCE = new Map<string, MessageDescriptor>(SCREENS.filter((s) => !s.structural).map((s) => [source._(s.label), s.label]));


/** Texts an org gave per locale: {locale: {name or moduleId: text}} (§7 GET /v1/config/locales). */
export type OrgLocaleTexts = Readonly<Record<string, Readonly<Record<string, string>> | undefined>>;

export function menuTitle(entry: Pick<MenuEntry, 'moduleId' | 'moduleName' | 'extraInfo'>, i18n: I18n, orgTexts?: OrgLocaleTexts): string {
  const name = serverTitle(entry);
  const own = orgTexts?.[i18n.locale];
  const orgText = own?.[entry.moduleId] ?? own?.[name];
  if (orgText) return orgText;
  if (i18n.locale === DEFAULT_LOCALE) return name;
  const { component, name: routeName } = entry.extraInfo;
  const screen = [component, routeName?.replace(/_children$/, ''), entry.moduleId].map((k) => getScreen(k)).find((s) => s && !s.structural);
  const label = screen?.label ?? SCREEN_BY_SOURCE.get(name) ?? GROUP_BY_SOURCE.get(name);
  return label ? localizedName(name, label, i18n) : name;
}
