import type { LoginResult, OrgApp } from '../../domain/types.ts';
import type { UsualOrgApp } from '../../machines/app.machine.ts';
import { STORAGE_KEYS } from './preferences.ts';

// What survives a page load: the login and the chosen org-app (§4).

function readJson<T>(key: string): T | null {
  try {
    const raw = localStorage.getItem(key);
    return raw ? (JSON.parse(raw) as T) : null;
  } catch {
    return null;
  }
}
function writeJson(key: string, value: unknown): void {
  try {
    if (value === null || value === undefined) localStorage.removeItem(key);
    else localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // storage full or unavailable: this page keeps working, the next load signs in again
  }
}

export function readLogin(): LoginResult | null {
  const login = readJson<LoginResult>(STORAGE_KEYS.login);
  return login && typeof login.accesstoken === 'string' && login.accesstoken ? login : null;
}
export function writeLogin(login: LoginResult | null): void {
  writeJson(STORAGE_KEYS.login, login);
  // §9 the phone is remembered for the next sign-in (kept by logout with the agent), with his usual org-app
  if (login?.username) {
    const kept = readJson<RememberedUser>(STORAGE_KEYS.user);
    writeJson(STORAGE_KEYS.user, kept?.username === login.username ? kept : { username: login.username });
  }
}

/** The §4 stored user: the phone to prefill and the org-app he last worked in. */
interface RememberedUser {
  username?: string;
  orgId?: string;
  appId?: string;
}

export function readUsualOrgApp(): UsualOrgApp | null {
  const user = readJson<RememberedUser>(STORAGE_KEYS.user);
  return user && typeof user.username === 'string' && typeof user.orgId === 'string' && typeof user.appId === 'string'
    ? { username: user.username, orgId: user.orgId, appId: user.appId }
    : null;
}
export function writeUsualOrgApp(usual: UsualOrgApp): void {
  writeJson(STORAGE_KEYS.user, usual);
}
export function readOrgApp(): OrgApp | null {
  const orgApp = readJson<OrgApp>(STORAGE_KEYS.orgApp);
  return orgApp && typeof orgApp.orgId === 'string' && typeof orgApp.appId === 'string' ? orgApp : null;
}
export function writeOrgApp(orgApp: OrgApp | null): void {
  writeJson(STORAGE_KEYS.orgApp, orgApp);
}
export function readRememberedUsername(): string {
  return readJson<{ username?: string }>(STORAGE_KEYS.user)?.username ?? '';
}
export function readAgentId(): string | null {
  const agent = readJson<{ agentId?: string } | string>(STORAGE_KEYS.agent);
  if (typeof agent === 'string') return agent || null;
  return agent?.agentId ?? null;
}

/** §1 whether the stored agent is the primary one (sees experience and recipe-entrance orgs too); true when unknown. */
export function readAgentIsPrimary(): boolean {
  const agent = readJson<{ isPrimary?: boolean } | string>(STORAGE_KEYS.agent);
  return typeof agent === 'object' && agent !== null && agent.isPrimary === false ? false : true;
}

/** §1 the agent of this console's domain, as resolved at start (null: no agent mode). */
export function writeAgent(agent: { agentId: string; name: string; domain: string; isPrimary: boolean } | null): void {
  writeJson(STORAGE_KEYS.agent, agent);
}

/**
 * §4 logout: every stored item is removed except the user and the agent, and (issue 28) the language the person
 * chose: it is this browser's, not the session's, and the sign-in page after the logout is read in it.
 */
export function clearStorageForLogout(): void {
  try {
    const keep = new Set<string>([STORAGE_KEYS.user, STORAGE_KEYS.agent, STORAGE_KEYS.locale]);
    for (const key of Object.keys(localStorage)) if (!keep.has(key)) localStorage.removeItem(key);
    sessionStorage.clear();
  } catch {
    // nothing stored to clear
  }
}

/** §4 session lost: the session is cleared; the chosen org-app is kept for the next sign-in. */
export function clearSession(): void {
  writeJson(STORAGE_KEYS.login, null);
  try {
    sessionStorage.clear();
  } catch {
    // nothing to clear
  }
}

/** Issue 28: the notice banner closed per org-app (domain/notice.ts noticeKey), so a reload does not bring it back. */
const NOTICE_CLOSED_KEY = 'meal.noticeClosed';
const noticeSlot = (t: { orgId: string; appId: string }) => `${t.orgId}/${t.appId}`;

export function readClosedNotice(target: { orgId: string; appId: string }): string | null {
  const closed = readJson<Record<string, unknown>>(NOTICE_CLOSED_KEY);
  const key = closed && typeof closed === 'object' ? closed[noticeSlot(target)] : null;
  return typeof key === 'string' ? key : null;
}
export function writeClosedNotice(target: { orgId: string; appId: string; key: string }): void {
  const closed = readJson<Record<string, unknown>>(NOTICE_CLOSED_KEY);
  writeJson(NOTICE_CLOSED_KEY, { ...(closed && typeof closed === 'object' ? closed : {}), [noticeSlot(target)]: target.key });
}
