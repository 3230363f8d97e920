// Vite plugin: `virtual:sign-in-messages`, the compiled zh-CN messages of the sign-in screen only (issue 12). The
// whole zh-CN catalog grows with every screen of the console; the sign-in entry carries just the messages whose
// origin (the `#:` lines `lingui extract` writes) is in SIGN_IN_DIRS, and the console loads the full catalog with
// itself (src/app/i18n.ts). A message the entry shows that is missing here would show as its id until the console
// loads: keep SIGN_IN_DIRS covering the entry's modules.
import fs from 'node:fs';
import path from 'node:path';
import { generateMessageId } from '@lingui/message-utils/generateMessageId';
import type { Plugin } from 'vite';

const VIRTUAL = 'virtual:sign-in-messages';
const RESOLVED = `\0${VIRTUAL}`;
/**
 * Where the entry's messages come from: the sign-in screen, the app's start (the root actor's services, e.g. the QR
 * expiry) and the machines. src/app/ also holds the console's router: a few messages more, none missing.
 */
export const SIGN_IN_DIRS = ['src/screens/login/', 'src/app/', 'machines/'];

interface PoEntry { origins: string[]; msgid: string; msgctxt?: string }

/** The entries of a .po file: origins, context and id (msgstr is not needed: the compiled catalog has it). */
export function parsePo(text: string): PoEntry[] {
  const entries: PoEntry[] = [];
  for (const block of text.split(/\r?\n\r?\n/)) {
    const origins: string[] = [];
    const fields: Record<string, string> = {};
    let current: string | null = null;
    for (const line of block.split(/\r?\n/)) {
      if (line.startsWith('#:')) origins.push(...line.slice(2).trim().split(/\s+/));
      const field = /^(msgctxt|msgid|msgstr)\s+(".*")$/.exec(line);
      if (field) { current = field[1]; fields[current] = JSON.parse(field[2]) as string; continue; }
      if (current && /^".*"$/.test(line)) fields[current] += JSON.parse(line) as string;
    }
    if (fields.msgid) entries.push({ origins, msgid: fields.msgid, ...(fields.msgctxt !== undefined ? { msgctxt: fields.msgctxt } : {}) });
  }
  return entries;
}

/** The compiled catalog of `lingui compile --typescript`: `export const messages=JSON.parse("…")`. */
export function compiledMessages(file: string): Record<string, unknown> {
  const source = fs.readFileSync(file, 'utf8');
  const m = /JSON\.parse\(("(?:[^"\\]|\\.)*")\)/.exec(source);
  if (!m) throw new Error(`${file}: no compiled messages found`);
  return JSON.parse(JSON.parse(m[1]) as string) as Record<string, unknown>;
}

export function signInMessages(root: string): Record<string, unknown> {
  const all = compiledMessages(path.join(root, 'locales/zh-CN.ts'));
  const picked: Record<string, unknown> = {};
  for (const entry of parsePo(fs.readFileSync(path.join(root, 'locales/zh-CN.po'), 'utf8'))) {
    if (!entry.origins.some((o) => SIGN_IN_DIRS.some((dir) => o.startsWith(dir)))) continue;
    const id = generateMessageId(entry.msgid, entry.msgctxt);
    if (id in all) picked[id] = all[id];
  }
  return picked;
}

export function signInCatalog(): Plugin {
  let root = process.cwd();
  return {
    name: 'sign-in-catalog',
    configResolved(config) { root = config.root; },
    resolveId: (id) => (id === VIRTUAL ? RESOLVED : null),
    load(id) {
      if (id !== RESOLVED) return null;
      // rebuilt when the catalogs change (dev server)
      this.addWatchFile(path.join(root, 'locales/zh-CN.po'));
      this.addWatchFile(path.join(root, 'locales/zh-CN.ts'));
      return `export const messages = JSON.parse(${JSON.stringify(JSON.stringify(signInMessages(root)))});`;
    },
  };
}
