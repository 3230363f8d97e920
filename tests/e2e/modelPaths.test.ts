// Issue 3, end-to-end model paths: the sign-in (session), org-app and route guard models of
// tests/model/models.ts drive the real console in headless Chromium through the real server. Each path is
// its own test in a fresh browser profile; states are checked on the page, events are clicks and typing
// (tests/model/e2e/: the page mapping of each model, the planner and the runner).
import { beforeAll, describe, expect, it } from 'vitest';
import { useConsole } from '../support/console.ts';
import { DEMO_PASSWORD, INITIAL_PASSWORD } from '../support/testServer.ts';
import { describePlan, planPaths, runPath, type PageMapping } from '../model/e2e/pagePaths.ts';
import { sessionPage } from '../model/e2e/sessionPage.ts';
import { orgAppPage } from '../model/e2e/orgAppPage.ts';
import { guardPage } from '../model/e2e/guardPage.ts';
import { Api, ConsoleDriver, USERS } from '../model/e2e/ui.ts';

const harness = useConsole();

/** A member of school A with no role: the org-app is listed, its menu is empty (the guard's 401 path). */
async function createUserWithoutMenu(api: Api): Promise<void> {
  const admin = await api.login('13800000008', DEMO_PASSWORD);
  const school = await api.orgAppWithKey(admin.accesstoken);
  const created = await api.call('/v2/users', { token: admin.accesstoken, key: school.key, body: { username: USERS.noMenu, name: '无菜单', roleNames: [] } });
  expect(created.status, created.body.status_text).toBe(200);
  // made for him with the deployment's initial password (issue 27): he chooses his own before anything answers;
  // the paths sign him in with the password every demo account has
  const first = await api.login(USERS.noMenu, INITIAL_PASSWORD);
  const chosen = await api.call('/v2/users/password', { token: first.accesstoken, body: { password: INITIAL_PASSWORD, newPassword: DEMO_PASSWORD } });
  expect(chosen.status, chosen.body.status_text).toBe(200);
}

beforeAll(async () => {
  await createUserWithoutMenu(new Api(harness.server.url));
});

const mappings: PageMapping[] = [sessionPage(), orgAppPage(), guardPage()];
const plans = mappings.map(planPaths);

it('plans a page path to every state of each model but the skipped ones (printed with the reasons)', () => {
  for (const plan of plans) {
    console.log(describePlan(plan));
    expect(plan.unreachedStates, `${plan.model}: states neither reached nor skipped with a reason`).toEqual([]);
    expect(plan.paths.length).toBeGreaterThan(0);
  }
});

for (const [index, mapping] of mappings.entries()) {
  const plan = plans[index];
  describe(`${mapping.model.name} model on the page (${plan.paths.length} paths)`, () => {
    plan.paths.forEach((planned, i) => {
      it(`${i + 1}. ${mapping.model.starts.length > 1 ? `[${planned.path.start.name}] ` : ''}${planned.title}`, async () => {
        const page = await harness.browser.context.newPage();
        try {
          await runPath(mapping, planned, new ConsoleDriver(page, harness.server.url));
        } finally {
          await page.close();
        }
      });
    });
  });
}
