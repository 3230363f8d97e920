// Issue 12 hardening (tenant isolation): anyone whose phone receives a register SMS code may join any enabled
// org-app through POST /v1/passport/formuser. In a formal org he joins without a role (domain/trialRole.ts), so that
// an org admin decides later what he may do. Until then he holds no role there, and the org's data is not his: of the
// org-app routes he may call only the shell basics every member needs to start, listed here. Every other org-app
// route refuses a member without any enabled role in the org (server/http/auth.ts), whatever power it asks or not:
// many reading routes ask none because every role of the app reads them, which is no reason to show them to a
// member nobody has given a role yet. The platform (code 999 in the platform org) is not refused here.
// He reads; he writes nothing to the org (issue 27): the only calls here that are not reads open the org-app he
// chose (POST …/context answers it) and end his own session.

/** `METHOD url` (Fastify url syntax) of the org-app routes a member without a role may call. */
export const ROLELESS_ROUTES: ReadonlySet<string> = new Set([
  // the org-app he opens: its key, config, theme, locales and (empty) menu
  'POST /v2/users/org/app/context',
  // his own standing: the org's expiration, his membership, roles, powers and menu (all empty of powers)
  'GET /v2/users/checkorg',
  'GET /v2/users/orgapp/user',
  'GET /v2/users/loginstatus',
  'GET /v2/roles/user/role',
  'GET /v2/roles/user/role/jsysupport',
  'GET /v2/roles/user/permission',
  'GET /v2/permission/user/menu',
  'GET /v2/permission/user/power',
  // his own active days (read only: issue 27, a member with no role writes nothing, not even the console's
  // activation report or operation-log entries, which would fill the org's log; the console swallows the refusal)
  'GET /v1/users/activation',
  // he ends his own session
  'POST /v2/passport/logout',
  // the org's theme and text overrides (its display name): not GET /v1/config/org, which answers every stored path,
  // business settings (recipe approval, semesters, prices) among them; the context carries the few the shell needs
  'GET /v1/config/theme',
  'GET /v1/config/locales',
  // the platform's calendar (not the org's): the shell's date pickers
  'GET /v1/datetime',
  'GET /v1/datetime/holidays',
]);

/** Whether a member holding no role in the org may call the route (`method` upper case, Fastify `url`). */
export const rolelessMayCall = (method: string, url: string): boolean => ROLELESS_ROUTES.has(`${method.toUpperCase()} ${url}`);
