import { describe, it, expect } from 'vitest';
import { PUBLIC_ROUTES, TRIAL_APPLICATION_ROUTES, TRIAL_ROUTES } from '../../../domain/constants.ts';
import {
  decideRoute,
  FORBIDDEN_TEXT_PATTERN,
  isErrorRoute,
  isPublicRoute,
  shouldLoseSession,
  type GuardInput,
} from '../../../domain/guard.ts';

const ready: GuardInput = {
  path: '/home',
  loggedIn: true,
  hasOrgApp: true,
  isNotRouterHome: false,
  menuCount: 3,
  menuRechecked: false,
};
const go = (patch: Partial<GuardInput>) => decideRoute({ ...ready, ...patch });

describe('decideRoute (§2 guard)', () => {
  it('lets anyone reach the public routes', () => {
    for (const path of PUBLIC_ROUTES) expect(go({ path, loggedIn: false, hasOrgApp: false })).toEqual({ type: 'allow' });
    expect(go({ path: '/groupon?x=1', loggedIn: false })).toEqual({ type: 'allow' });
  });

  it('sends a signed-out user to login, except login itself', () => {
    expect(go({ loggedIn: false })).toEqual({ type: 'redirect', to: '/login' });
    expect(go({ path: '/orgapp', loggedIn: false })).toEqual({ type: 'redirect', to: '/login' });
    expect(go({ path: TRIAL_ROUTES[0], loggedIn: false })).toEqual({ type: 'redirect', to: '/login' });
    expect(go({ path: '/login', loggedIn: false })).toEqual({ type: 'allow' });
  });

  it('lets a new trial applicant (no session, no org-app) reach the application form and its success page only', () => {
    expect([...TRIAL_APPLICATION_ROUTES]).toEqual(['/applyTrialUserForm', '/applyTrialSuccess']);
    for (const path of TRIAL_APPLICATION_ROUTES) {
      expect(go({ path, loggedIn: false, hasOrgApp: false })).toEqual({ type: 'allow' });
      expect(go({ path: `${path}?appId=cp1&orgId=org-x`, loggedIn: false })).toEqual({ type: 'allow' });
      // a signed-in user without an org (sent to noOrgPayToBuy) applies too, instead of being sent to the chooser
      expect(go({ path, hasOrgApp: false })).toEqual({ type: 'allow' });
    }
    for (const path of ['/applyTrialExpire', '/applyTrialMobileBasicUserLogin']) {
      expect(go({ path, loggedIn: false })).toEqual({ type: 'redirect', to: '/login' });
    }
  });

  it('sends a signed-in user away from login: home with an org-app, else orgapp', () => {
    expect(go({ path: '/login' })).toEqual({ type: 'redirect', to: '/home' });
    expect(go({ path: '/login', hasOrgApp: false })).toEqual({ type: 'redirect', to: '/orgapp' });
  });

  it('keeps an isNotRouterHome user to login and the trial screens', () => {
    for (const path of [...TRIAL_ROUTES, '/login']) expect(go({ path, isNotRouterHome: true })).toEqual({ type: 'allow' });
    expect(go({ path: '/home', isNotRouterHome: true })).toEqual({ type: 'redirect', to: '/login' });
    expect(go({ path: '/orgapp', isNotRouterHome: true, hasOrgApp: false })).toEqual({ type: 'redirect', to: '/login' });
  });

  it('sends a user without an org-app to orgapp', () => {
    expect(go({ hasOrgApp: false })).toEqual({ type: 'redirect', to: '/orgapp' });
    expect(go({ path: '/orgapp', hasOrgApp: false })).toEqual({ type: 'allow' });
  });

  it('redirects orgapp to the external origin target when one is set', () => {
    expect(go({ path: '/orgapp', externalOriginRedirect: 'https://other.example/#/' })).toEqual({
      type: 'redirect',
      to: 'https://other.example/#/',
    });
    expect(go({ path: '/orgapp', externalOriginRedirect: null })).toEqual({ type: 'allow' });
    expect(go({ path: '/home', externalOriginRedirect: 'https://other.example/' })).toEqual({ type: 'allow' });
  });

  it('rechecks an empty menu once, then sends the user to 401 unless the target is an error page', () => {
    expect(go({ menuCount: 0 })).toEqual({ type: 'recheckMenu' });
    expect(go({ menuCount: 0, menuRechecked: true })).toEqual({ type: 'redirect', to: '/401' });
    expect(go({ path: '/500', menuCount: 0, menuRechecked: true })).toEqual({ type: 'allow' });
    expect(go({ path: '/401', menuCount: 0, menuRechecked: true })).toEqual({ type: 'allow' });
    expect(go({ path: '/orgapp', menuCount: 0, menuRechecked: true })).toEqual({ type: 'allow' });
  });

  it('allows a ready user', () => {
    expect(go({ path: '/recipeList' })).toEqual({ type: 'allow' });
  });
});

describe('route classes', () => {
  it('knows public and error routes', () => {
    expect(isPublicRoute('/recommend')).toBe(true);
    expect(isPublicRoute('/recommend/')).toBe(true);
    expect(isPublicRoute('/home')).toBe(false);
    expect(isErrorRoute('/404')).toBe(true);
    expect(isErrorRoute('/405')).toBe(false);
  });
});

describe('shouldLoseSession (§4, §8)', () => {
  it('is true on 401, not on a 403 that refuses one action (issue 16)', () => {
    expect(shouldLoseSession(401)).toBe(true);
    expect(shouldLoseSession(403, 'anything')).toBe(false);
    expect(shouldLoseSession(403, '没有该操作的权限')).toBe(false);
  });
  it('is true on 500 only with a forbidden text', () => {
    expect(shouldLoseSession(500, 'Forbidden')).toBe(true);
    expect(shouldLoseSession(500, '登录已过期，请重新登录')).toBe(true);
    expect(shouldLoseSession(500, '禁止访问')).toBe(true);
    expect(shouldLoseSession(500, 'database down')).toBe(false);
    expect(shouldLoseSession(500)).toBe(false);
  });
  it('is false on other statuses', () => {
    expect(shouldLoseSession(404, 'forbidden')).toBe(false);
    expect(shouldLoseSession(200)).toBe(false);
    expect(FORBIDDEN_TEXT_PATTERN.test('ok')).toBe(false);
  });
});
