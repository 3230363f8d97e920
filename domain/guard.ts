import { ERROR_ROUTES, PUBLIC_ROUTES, TRIAL_APPLICATION_ROUTES, TRIAL_ROUTES } from './constants.ts';

export interface GuardInput {
  /** the target path, without query or hash (they are ignored if present) */
  path: string;
  loggedIn: boolean;
  hasOrgApp: boolean;
  isNotRouterHome: boolean;
  menuCount: number;
  /** true once the 600 ms menu re-read has happened for this navigation */
  menuRechecked: boolean;
  /** where a stored org-app with key plus login info from the external origin sends /orgapp */
  externalOriginRedirect?: string | null;
}

export type GuardDecision = { type: 'allow' } | { type: 'redirect'; to: string } | { type: 'recheckMenu' };

const ALLOW: GuardDecision = { type: 'allow' };
const redirect = (to: string): GuardDecision => ({ type: 'redirect', to });

/** '/home?x=1' and '/home/' both match '/home'. */
function normalise(path: string): string {
  const bare = path.split(/[?#]/)[0] || '/';
  return bare.length > 1 ? bare.replace(/\/+$/, '') : bare;
}

// §2 reachable without login: 404, shareFriends, groupon, recommend, noOrgPayToBuy
export function isPublicRoute(path: string): boolean {
  return (PUBLIC_ROUTES as readonly string[]).includes(normalise(path));
}

// §2 error pages 401, 404, 500
export function isErrorRoute(path: string): boolean {
  return (ERROR_ROUTES as readonly string[]).includes(normalise(path));
}

function isTrialRoute(path: string): boolean {
  return (TRIAL_ROUTES as readonly string[]).includes(path);
}

// issue 15: a new applicant (no account) opens the trial form from a shared link and lands on its success page
function isTrialApplicationRoute(path: string): boolean {
  return (TRIAL_APPLICATION_ROUTES as readonly string[]).includes(path);
}

// §2 Guard, as a pure decision; the caller performs the redirect or the delayed menu re-read.
export function decideRoute(input: GuardInput): GuardDecision {
  const path = normalise(input.path);
  if (isPublicRoute(path) || isTrialApplicationRoute(path)) return ALLOW;
  // §2 not logged in: go to login (except the public routes)
  if (!input.loggedIn) return path === '/login' ? ALLOW : redirect('/login');
  // §2 isNotRouterHome users reach only login and the trial screens. Checked before the login redirect
  // below, otherwise /login → /home → /login would loop for them.
  if (input.isNotRouterHome) return path === '/login' || isTrialRoute(path) ? ALLOW : redirect('/login');
  // §2 logged in opening login: home if an org-app is chosen, else orgapp
  if (path === '/login') return redirect(input.hasOrgApp ? '/home' : '/orgapp');
  // §2 logged in without chosen org-app: go to orgapp
  if (!input.hasOrgApp) return path === '/orgapp' ? ALLOW : redirect('/orgapp');
  if (path === '/orgapp') {
    // §2 stored org-app with key and login info from the external origin: orgapp is redirected elsewhere
    if (input.externalOriginRedirect) return redirect(input.externalOriginRedirect);
    // The chooser needs no menu: keeping it reachable lets a user with an empty menu switch org-app
    // instead of being trapped on the 401 page.
    return ALLOW;
  }
  // §2 menu empty: re-read once after 600 ms; still empty → 401 unless the target is an error page
  if (input.menuCount === 0) {
    if (!input.menuRechecked) return { type: 'recheckMenu' };
    return isErrorRoute(path) ? ALLOW : redirect('/401');
  }
  return ALLOW;
}

// §8 the server's text for an expired or forbidden session
export const FORBIDDEN_TEXT_PATTERN = /forbidden|禁止|登录已过期/i;

// §4 / §8 session is lost when the server no longer accepts the token: 401, or 500 with a forbidden text.
// A 403 refuses one action the user may not take; he stays signed in and the screen says so (issue 16: a
// school admin was signed out by his own menu entries).
export function shouldLoseSession(status: number, statusText?: string): boolean {
  if (status === 401) return true;
  return status === 500 && FORBIDDEN_TEXT_PATTERN.test(statusText ?? '');
}
