// §9 contacts are read in pages of 5000; when the first page is full, the next three pages are read in
// parallel, and so on until a page comes back short.
import { PAGE } from './constants.ts';

/** The $skip values of the next round of pages, given the pages read so far (empty when done). */
export function nextContactPages(pages: readonly { skip: number; length: number }[], size: number = PAGE.contacts, parallel: number = PAGE.contactsParallelPages): number[] {
  if (pages.length === 0) return [0];
  if (pages.some((p) => p.length < size)) return [];
  const last = Math.max(...pages.map((p) => p.skip));
  return Array.from({ length: parallel }, (_, i) => last + (i + 1) * size);
}

/**
 * Reads every page: the first alone, then rounds of `parallel` pages while every page read is full.
 * `onPage` sees each page as it arrives (rows in page order are returned at the end).
 */
export async function readContactPages<T>(
  fetchPage: (skip: number, limit: number) => Promise<T[]>,
  onPage?: (rows: T[], skip: number) => void,
  size: number = PAGE.contacts,
  parallel: number = PAGE.contactsParallelPages,
): Promise<T[]> {
  const pages: { skip: number; rows: T[] }[] = [];
  for (;;) {
    const skips = nextContactPages(pages.map((p) => ({ skip: p.skip, length: p.rows.length })), size, parallel);
    if (skips.length === 0) break;
    const round = await Promise.all(skips.map(async (skip) => {
      const rows = await fetchPage(skip, size);
      onPage?.(rows, skip);
      return { skip, rows };
    }));
    pages.push(...round);
  }
  return pages.sort((a, b) => a.skip - b.skip).flatMap((p) => p.rows);
}
