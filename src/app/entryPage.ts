import type { EntryPage } from '../../domain/constants.ts';

/** The entry page this bundle was loaded as (index, jydd, yyxc, zzy): set by the entry, before anything renders. */
let currentEntry: EntryPage = 'index';
export function setEntryPage(page: EntryPage): void {
  currentEntry = page;
}
export function entryPage(): EntryPage {
  return currentEntry;
}
