import { BRIDGE_PARAM, TOKEN, type EntryPage } from '../../domain/constants.ts';
import { bridgeAccepted, decodeBridge, encodeBridge, readBridgeParam, stripBridgeParam, type BridgeData } from '../../domain/bridge.ts';
import type { LoginResult, OrgApp } from '../../domain/types.ts';
import { fetchOrgAppKey, fetchOrgApps, fetchLoginStatus } from '../../services/users.ts';
import { setAuthContext } from '../../services/http.ts';
import { clearSession, readLogin, readOrgApp, writeOrgApp } from './storage.ts';

export interface BridgeOutcome {
  login: LoginResult;
  route: string | null;
}

export { entryPage, setEntryPage } from './entryPage.ts';

/**
 * §2/§4/§5 sign-in bridge, run before the app starts: reads the bridge parameter from the query or the
 * hash, strips it from the address, validates it, checks the org key equals the supplied key (else the
 * user session is cleared) and returns the login to hand to the session (BRIDGE_LOGIN). §8 failures are
 * logged and swallowed.
 */
export async function readBridgeLogin(): Promise<BridgeOutcome | null> {
  const raw = readBridgeParam(window.location.href, BRIDGE_PARAM);
  if (raw === null) return null;
  window.history.replaceState(window.history.state, '', stripBridgeParam(window.location.href, BRIDGE_PARAM));
  const data = decodeBridge(raw);
  if (!data) {
    console.warn('[bridge] ignored: the bridge data is not valid');
    return null;
  }
  try {
    const storedKey = await keyForOrgApp(data);
    if (!bridgeAccepted(data, storedKey)) {
      console.warn('[bridge] refused: the org-app key does not match');
      clearSession();
      return null;
    }
    const status = await fetchLoginStatus().catch(() => null);
    const user = status?.user;
    const login: LoginResult = {
      userId: data.userId,
      username: data.username,
      name: user?.name ?? data.username,
      email: user?.email ?? '',
      mobilePhoneNumber: user?.mobilePhoneNumber ?? data.username,
      isDev: user?.isDev ?? false,
      enable: user?.enable ?? true,
      expiration: user?.expiration ?? null,
      isRegister: user?.isRegister ?? true,
      isNotRouterHome: user?.isNotRouterHome ?? false,
      ...(user?.personName ? { personName: user.personName } : {}),
      accesstoken: data.accesstoken,
      // the handing console does not say when its token expires: a 401 ends the session sooner
      expiresAt: new Date(Date.now() + TOKEN.ttlMs).toISOString(),
    };
    return { login, route: data.route ?? null };
  } catch (err) {
    console.warn('[bridge] failed', err);
    setAuthContext({ accesstoken: readLogin()?.accesstoken ?? null, key: readOrgApp()?.key ?? null });
    return null;
  }
}

/** The key of the bridged org-app as this console knows it: stored, else asked for with the bridged token. */
async function keyForOrgApp(data: BridgeData): Promise<string | null> {
  const stored = readOrgApp();
  if (stored && stored.orgId === data.orgId && stored.appId === data.appId && stored.key) return stored.key;
  setAuthContext({ accesstoken: data.accesstoken, key: '' });
  const [{ key }, list] = await Promise.all([fetchOrgAppKey(data), fetchOrgApps().catch(() => [] as OrgApp[])]);
  const orgApp = list.find((o) => o.orgId === data.orgId && o.appId === data.appId);
  if (orgApp && key === data.key) writeOrgApp({ ...orgApp, key });
  return key;
}

/** §2 launching another entry page passes the bridge data and a route hash. */
export function launchEntry(page: EntryPage, route: string, auth: { login: LoginResult | null; orgApp: OrgApp | null }, target = '_blank'): void {
  const { login, orgApp } = auth;
  const hash = `#${route.startsWith('/') ? route : `/${route}`}`;
  const file = `${page}.html`;
  if (!login || !orgApp?.key) {
    window.open(`${file}${hash}`, target);
    return;
  }
  const data = encodeBridge({
    accesstoken: login.accesstoken,
    userId: login.userId,
    username: login.username,
    orgId: orgApp.orgId,
    appId: orgApp.appId,
    key: orgApp.key,
    route,
  });
  window.open(`${file}?${BRIDGE_PARAM}=${data}${hash}`, target);
}
