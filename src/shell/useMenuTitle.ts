import { useCallback } from 'react';
import { useLingui } from '@lingui/react';
import { useQuery } from '@tanstack/react-query';
import type { MenuEntry } from '../../domain/types.ts';
import { localeOverridesQuery } from '../../services/settings.ts';
import { useCurrentOrgApp } from '../app/hooks.ts';
import { menuTitle } from './menuTitle.ts';

/**
 * Names menu entries in the active language; a new function when the language changes, so views re-render. The
 * org's own texts per language (§3 locales, edited in settings; the org-app context fills the cache) come first,
 * so an org that renames a menu entry for a language sees its name (issue 15).
 */
export function useMenuTitle(): (entry: Pick<MenuEntry, 'moduleId' | 'moduleName' | 'extraInfo'>) => string {
  const { i18n } = useLingui();
  const locale = i18n.locale;
  const orgApp = useCurrentOrgApp();
  const overrides = useQuery({ ...localeOverridesQuery(orgApp?.orgId, orgApp?.appId), staleTime: Infinity });
  const orgTexts = overrides.data;
  // the locale is a dependency of its own: activating another language changes the names, not the i18n object
  return useCallback((entry) => menuTitle(entry, i18n, orgTexts), [i18n, locale, orgTexts]);
}
