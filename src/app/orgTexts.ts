// Issue 15: an org's own texts per language (§3 locales per org and app, GET/PUT /v1/config/locales) applied over the
// Lingui catalogs. A key is the zh-CN source text of a message (a label such as 起订金额, a menu name such as 通讯录管理);
// its text replaces that message in the org's chosen language wherever the console shows it (Trans, t, msg). Switching
// org restores the catalog's own texts; activating another language or loading a catalog applies them again.
import type { I18n, Messages } from '@lingui/core';

/** {locale: {zh-CN source text: the org's text}} */
export type OrgTexts = Readonly<Record<string, Readonly<Record<string, string>> | undefined>>;

/** Message ids of a catalog's plain messages by their text: the source catalog (zh-CN) names each id's source text. */
export function idsBySource(source: Messages): Map<string, string> {
  const ids = new Map<string, string>();
  for (const [id, message] of Object.entries(source)) {
    const text = typeof message === 'string' ? message : Array.isArray(message) && message.every((p) => typeof p === 'string') ? message.join('') : null;
    if (text !== null && !ids.has(text)) ids.set(text, id);
  }
  return ids;
}

/**
 * Keeps `texts` applied on `i18n`: returns `set(texts)` to change them (another org-app chosen). Only the active
 * locale's messages are touched; each replaced message is remembered so it can be put back.
 */
export function orgTextsOverlay(i18n: I18n, source: Messages) {
  const ids = idsBySource(source);
  let texts: OrgTexts = {};
  /** per locale: of each id the org replaced, the catalog's message and the org's text put in its place */
  const replaced = new Map<string, Map<string, { original: Messages[string]; applied: string }>>();

  const apply = () => {
    const locale = i18n.locale;
    if (!locale) return;
    const own = texts[locale] ?? {};
    const saved = replaced.get(locale) ?? new Map<string, { original: Messages[string]; applied: string }>();
    replaced.set(locale, saved);
    const wanted = new Map<string, string>();
    for (const [sourceText, text] of Object.entries(own)) {
      const id = ids.get(sourceText);
      if (id && text) wanted.set(id, text);
    }
    const changes: Messages = {};
    // texts the org no longer gives: the catalog's own again
    for (const [id, { original }] of saved) {
      if (!wanted.has(id)) { changes[id] = original; saved.delete(id); }
    }
    for (const [id, text] of wanted) {
      const current = i18n.messages[id];
      if (current === text) continue;
      const before = saved.get(id);
      // what is there is the catalog's message unless it is the org's earlier text (a catalog loaded since brings it back)
      saved.set(id, { original: before && current === before.applied ? before.original : current ?? id, applied: text });
      changes[id] = text;
    }
    // loading emits "change", which calls apply again: with nothing left to change it stops
    if (Object.keys(changes).length > 0) i18n.load(locale, changes);
  };

  i18n.on('change', apply);
  return {
    set(next: OrgTexts) {
      texts = next;
      apply();
    },
    dispose() {
      i18n.removeListener('change', apply);
    },
  };
}
