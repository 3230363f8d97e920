// §2 关于我们 (issue 35): the org's support contacts (who to call or write about the console), an org config path every
// member reads (the about screen) and the config editors set.
export const SUPPORT_CONTACTS_PATH = 'supportContacts';

export interface SupportContact { name: string; phone: string; email: string; hours: string }

export const SUPPORT_LIMITS = { contacts: 10, name: 30, phone: 30, email: 100, hours: 50 } as const;

export const SUPPORT_TEXT = {
  bad: `支持联系人最多 ${SUPPORT_LIMITS.contacts} 位，每位须有名称，并填写电话或邮箱`,
} as const;

/** The problems of a stored value (empty when it is a list of contacts the about screen can show). */
export function supportContactsProblems(value: unknown): string[] {
  if (!Array.isArray(value) || value.length > SUPPORT_LIMITS.contacts) return [SUPPORT_TEXT.bad];
  const text = (v: unknown, max: number) => typeof v === 'string' && v.length <= max;
  for (const c of value) {
    if (!c || typeof c !== 'object') return [SUPPORT_TEXT.bad];
    const x = c as Record<string, unknown>;
    if (Object.keys(x).some((k) => !['name', 'phone', 'email', 'hours'].includes(k))) return [SUPPORT_TEXT.bad];
    if (!text(x.name, SUPPORT_LIMITS.name) || !(x.name as string).trim()) return [SUPPORT_TEXT.bad];
    if (!text(x.phone ?? '', SUPPORT_LIMITS.phone) || !text(x.email ?? '', SUPPORT_LIMITS.email) || !text(x.hours ?? '', SUPPORT_LIMITS.hours)) return [SUPPORT_TEXT.bad];
    if (!String(x.phone ?? '').trim() && !String(x.email ?? '').trim()) return [SUPPORT_TEXT.bad];
  }
  return [];
}
