import type { LoginResult, MenuEntry, OrgApp } from '../../../domain/types.ts';

export const T0 = Date.parse('2025-03-01T08:00:00Z');
export const HOUR = 3600_000;

export function loginResult(expiresAt: number, overrides: Partial<LoginResult> = {}): LoginResult {
  return {
    userId: 'u1',
    username: '13800000000',
    name: 'Zhang San',
    email: '',
    mobilePhoneNumber: '13800000000',
    isDev: false,
    enable: true,
    expiration: null,
    isRegister: true,
    isNotRouterHome: false,
    accesstoken: 'token-1',
    expiresAt: new Date(expiresAt).toISOString(),
    ...overrides,
  };
}

export function orgApp(overrides: Partial<OrgApp> = {}): OrgApp {
  return {
    id: 'oa1',
    appId: 'cp2024001',
    orgId: 'org1',
    orgName: 'No. 1 Primary School',
    appName: 'Meals',
    key: 'key-1',
    agentId: null,
    disabled: false,
    orgType: 'formal',
    orgConfig: {},
    ...overrides,
  };
}

export function menuEntry(overrides: Partial<MenuEntry> = {}): MenuEntry {
  return {
    id: 'm1',
    moduleId: 'home',
    parentId: '-1',
    moduleName: 'home',
    groupName: 'pcMenu',
    sort: 1,
    enable: true,
    extraInfo: { path: '/home', name: 'home', component: 'home' },
    ...overrides,
  };
}

/** A promise the test settles by hand, to observe the state while an actor is in flight. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}
