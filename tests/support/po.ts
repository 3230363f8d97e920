// A gettext catalog (locales/*.po) read into entries: the catalog tests and the locale scan of the e2e suite.

export interface Entry { msgid: string; msgstr: string; obsolete: boolean; /** the message's context (msgctxt), when it has one */ msgctxt?: string }

function unquote(lines: string[]): string {
  return lines.filter((l) => l.trim()).map((l) => JSON.parse(l.trim().replace(/^(msgid|msgstr)\s+/, ''))).join('');
}

export function parsePo(text: string): Entry[] {
  const entries: Entry[] = [];
  for (const block of text.split(/\n\s*\n/)) {
    const lines = block.split('\n');
    const obsolete = lines.some((l) => l.startsWith('#~'));
    const clean = lines.map((l) => l.replace(/^#~\s?/, '')).filter((l) => !l.startsWith('#'));
    const idAt = clean.findIndex((l) => l.startsWith('msgid '));
    // a context's lines come before the id's; unquote reads from the id on
    const strAt = clean.findIndex((l) => l.startsWith('msgstr '));
    if (idAt < 0 || strAt < 0) continue;
    const msgid = unquote(clean.slice(idAt, strAt));
    if (msgid === '') continue; // header
    const ctxAt = clean.findIndex((l) => l.startsWith('msgctxt '));
    const msgctxt = ctxAt >= 0 && ctxAt < idAt ? JSON.parse(clean[ctxAt]!.replace(/^msgctxt\s+/, '')) as string : undefined;
    entries.push({ msgid, msgstr: unquote(clean.slice(strAt)), obsolete, ...(msgctxt !== undefined && { msgctxt }) });
  }
  return entries;
}
