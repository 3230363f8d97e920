import { useCallback } from 'react';
import { useLingui } from '@lingui/react';
import type { MenuEntry } from '../../domain/types.ts';
import { menuTitle } from './menuTitle.ts';

/** Names menu entries in the active language; a new function when the language changes, so views re-render. */
export function useMenuTitle(): (entry: Pick<MenuEntry, 'moduleId' | 'moduleName' | 'extraInfo'>) => string {
  const { i18n } = useLingui();
  const locale = i18n.locale;
  // the locale is a dependency of its own: activating another language changes the names, not the i18n object
  return useCallback((entry) => menuTitle(entry, i18n), [i18n, locale]);
}
