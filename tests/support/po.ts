// A gettext catalog (locales/*.po) read into entries: the catalog tests and the locale scan of the e2e suite.

export interface Entry { msgid: string; msgstr: string; obsolete: boolean }

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
    const strAt = clean.findIndex((l) => l.startsWith('msgstr '));
    if (idAt < 0 || strAt < 0) continue;
    const msgid = unquote(clean.slice(idAt, strAt));
    if (msgid === '') continue; // header
    entries.push({ msgid, msgstr: unquote(clean.slice(strAt)), obsolete });
  }
  return entries;
}
