// The inspector's journal and its pure replay (issue 3): a session recorded from the real machines with
// fake services replays to the same states at every step; secrets never reach the journal.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, type AnyActorRef } from 'xstate';
import { DEFAULT_LOCALE } from '../../../domain/constants.ts';
import type { LoginResult, OrgApp, SystemNotify } from '../../../domain/types.ts';
import type { NoticeTarget } from '../../../machines/noticeBanner.machine.ts';
import { createAppMachine } from '../../../machines/app.machine.ts';
import type { OrgAppContextOutput, OrgAppKeyOutput, OrgAppRef } from '../../../machines/orgApp.machine.ts';
import { orgAppMachine } from '../../../machines/orgApp.machine.ts';
import type { LoginInput, LogoutInput } from '../../../machines/session.machine.ts';
import { sessionMachine } from '../../../machines/session.machine.ts';
import { Journal, parseJournalFile } from '../../../src/inspector/journal.ts';
import { replayJournal, statesAt } from '../../../src/inspector/replay.ts';
import { HOUR, loginResult, menuEntry, orgApp, T0 } from '../machines/fixtures.ts';

const flush = () => vi.advanceTimersByTimeAsync(0);

function fakeApp(opts: { loginFails?: boolean } = {}) {
  const login = loginResult(T0 + HOUR, { accesstoken: 'SECRET-TOKEN-abc' });
  const apps: OrgApp[] = [orgApp({ key: '' }), orgApp({ id: 'oa2', orgId: 'org2', key: 'SECRET-KEY-2' })];
  const machine = createAppMachine({
    actors: {
      login: fromPromise<LoginResult, LoginInput>(async ({ input }) => {
        if (opts.loginFails || input.password !== 'demo1234') throw new Error('密码错误');
        return login;
      }),
      logout: fromPromise<unknown, LogoutInput>(async () => null),
      loadOrgApps: fromPromise<OrgApp[], Record<string, never>>(async () => apps),
      fetchOrgAppKey: fromPromise<OrgAppKeyOutput, OrgAppRef>(async () => ({ key: 'SECRET-KEY-1' })),
      loadOrgAppContext: fromPromise<OrgAppContextOutput, OrgAppRef>(async ({ input }) => ({
        orgApp: input.orgApp,
        menu: [menuEntry()],
        theme: null,
        config: { titleName: '营养餐' },
        locale: DEFAULT_LOCALE,
      })),
      reloadMenu: fromPromise<number, { path: string }>(async () => 1),
      fetchSystemNotify: fromPromise<SystemNotify | null, NoticeTarget>(async () => null),
    },
  });
  return { machine, login, apps };
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(T0);
});
afterEach(() => {
  vi.useRealTimers();
});

/** Signs in (a wrong password first), lists org-apps, chooses one without a key, switches, ticks, expires. */
async function recordSession(journal: Journal) {
  const { machine, apps } = fakeApp();
  const root = createActor(machine, { input: { now: T0 }, inspect: journal.inspect });
  root.start();
  const session = root.system.get('session') as AnyActorRef;
  const org = root.system.get('orgApp') as AnyActorRef;

  session.send({ type: 'LOGIN', mode: 'password', username: '13800000002', password: 'wrong', now: T0 });
  await flush();
  session.send({ type: 'DISMISS_ERROR' });
  session.send({ type: 'LOGIN', mode: 'password', username: '13800000002', password: 'demo1234', now: T0 });
  await flush();
  expect(org.getSnapshot().value).toBe('choosing');
  org.send({ type: 'CHOOSE', orgApp: apps[0] });
  await flush();
  await flush();
  expect(org.getSnapshot().value).toBe('ready');
  root.send({ type: 'TICK', now: T0 + 1000 });
  org.send({ type: 'CHOOSE', orgApp: apps[1] });
  await flush();
  session.send({ type: 'SESSION_LOST', status: 401, now: T0 + 2000 });
  await flush();
  root.send({ type: 'QR_OPEN', now: T0 + 3000 });
  root.send({ type: 'QR_CLOSE' });
  session.send({ type: 'LOGIN', mode: 'sms', username: '13800000002', password: '654321', now: T0 + 4000 });
  await flush();
  root.stop();
  return root;
}

describe('journal', () => {
  it('records every event processed by a machine actor with the state it led to', async () => {
    const journal = new Journal();
    journal.enable();
    await recordSession(journal);
    const entries = journal.getEntries();
    const actors = new Set(entries.map((e) => e.actorId));
    for (const id of ['app', 'session', 'orgApp', 'guard', 'noticeBanner', 'frameBridge', 'onlineRestriction', 'qrSignIn']) {
      expect(actors, id).toContain(id);
    }
    // promise actors are not machines: not journaled
    expect(entries.every((e) => e.machineId in { app: 1, session: 1, orgApp: 1, guard: 1, noticeBanner: 1, frameBridge: 1, onlineRestriction: 1, qrSignIn: 1 })).toBe(true);
    const login = entries.find((e) => e.actorId === 'session' && e.event.type === 'LOGIN');
    expect(login?.resultingState).toBe('signingIn');
    expect(entries.some((e) => e.actorId === 'session' && e.event.type.startsWith('xstate.done.actor') && JSON.stringify(e.resultingState) === JSON.stringify({ signedIn: 'active' }))).toBe(true);
    const ready = entries.filter((e) => e.actorId === 'orgApp' && e.resultingState === 'ready');
    expect(ready.length).toBeGreaterThan(0);
    expect(entries.map((e) => e.seq)).toEqual([...entries.map((e) => e.seq)].sort((a, b) => a - b));
  });

  it('is off until enabled', async () => {
    const journal = new Journal();
    await recordSession(journal);
    expect(journal.getEntries()).toHaveLength(0);
  });

  it('keeps the last entries only, folding older ones into bases that still replay', async () => {
    const journal = new Journal(25);
    journal.enable();
    await recordSession(journal);
    const file = journal.toFile();
    expect(file.entries).toHaveLength(25);
    expect(Object.keys(file.bases).length).toBeGreaterThan(0);
    const replay = replayJournal(file);
    const mismatches = replay.steps.filter((s) => !s.matches).map((s) => file.entries[s.index]);
    expect(mismatches).toEqual([]);
  });

  it('starts late from the running actors', async () => {
    const { machine } = fakeApp();
    const journal = new Journal();
    const root = createActor(machine, { input: { now: T0, login: loginResult(T0 + HOUR) }, inspect: journal.inspect });
    root.start();
    journal.enable(root);
    expect(journal.toFile().bases.session.value).toEqual({ signedIn: 'active' });
    root.send({ type: 'LOGOUT' });
    await flush();
    const replay = replayJournal(journal.toFile());
    expect(replay.steps.every((s) => s.matches)).toBe(true);
    expect(statesAt(replay, replay.steps.length - 1).session.value).toBe('signedOut');
    root.stop();
  });
});

describe('replay', () => {
  it('recomputes the same state as recorded at every step, from the session and org-app machines', async () => {
    const journal = new Journal();
    journal.enable();
    await recordSession(journal);
    const file = journal.toFile();
    const replay = replayJournal(file);
    expect(replay.steps).toHaveLength(file.entries.length);
    const bad = replay.steps.filter((s) => !s.matches).map((s) => ({ entry: file.entries[s.index], got: s.state }));
    expect(bad).toEqual([]);

    // the states at a point: after the second LOGIN is answered, session signed in, org-app choosing
    const at = file.entries.findIndex((e) => e.actorId === 'orgApp' && e.resultingState === 'choosing');
    const states = statesAt(replay, at);
    expect(states.session.value).toEqual({ signedIn: 'active' });
    expect(states.orgApp.value).toBe('choosing');
    // before anything: nothing has started
    expect(statesAt(replay, -1)).toEqual({});
    // the end: the SMS code was refused (the fake accepts demo1234 only), the QR actor was stopped
    const last = statesAt(replay, file.entries.length - 1);
    expect(last.session.value).toBe('signedOut');
    expect(last.qrSignIn.status).toBe('stopped');
  });

  it('replays a journal read back from its exported JSON', async () => {
    const journal = new Journal();
    journal.enable();
    await recordSession(journal);
    const file = parseJournalFile(JSON.stringify(journal.toFile()));
    const replay = replayJournal(file);
    expect(replay.steps.every((s) => s.matches)).toBe(true);
  });

  it('replays the session and org-app machines on their own', async () => {
    const journal = new Journal();
    journal.enable();
    const login = loginResult(T0 + HOUR);
    const session = createActor(
      sessionMachine.provide({ actors: { login: fromPromise<LoginResult, LoginInput>(async () => login) } }),
      { input: { now: T0 }, inspect: journal.inspect },
    ).start();
    const org = createActor(
      orgAppMachine.provide({
        actors: {
          loadOrgApps: fromPromise<OrgApp[], Record<string, never>>(async () => [orgApp()]),
          loadOrgAppContext: fromPromise<OrgAppContextOutput, OrgAppRef>(async () => {
            throw new Error('down');
          }),
        },
      }),
      { inspect: journal.inspect },
    ).start();
    session.send({ type: 'LOGIN', mode: 'password', username: 'u', password: 'p', now: T0 });
    org.send({ type: 'LOAD' });
    await flush();
    org.send({ type: 'CHOOSE', orgApp: orgApp() });
    await flush();
    session.send({ type: 'TICK', now: T0 + 2 * HOUR });
    const file = journal.toFile();
    const replay = replayJournal(file);
    expect(replay.steps.every((s) => s.matches)).toBe(true);
    const last = statesAt(replay, replay.steps.length - 1);
    expect(last.session.value).toBe('signedOut');
    expect(last.orgApp.value).toBe('choosing');
  });
});

describe('masking', () => {
  it('hides tokens, passwords, codes and keys in events and snapshots', async () => {
    const journal = new Journal();
    journal.enable();
    await recordSession(journal);
    const text = JSON.stringify(journal.toFile());
    expect(text).not.toContain('SECRET-TOKEN');
    expect(text).not.toContain('SECRET-KEY');
    expect(text).not.toContain('demo1234');
    expect(text).not.toContain('654321');
    expect(text).not.toContain('"wrong"');
    expect(text).toContain('"***"');
    // the login result in the done event and the session's context
    const done = journal.getEntries().find((e) => e.actorId === 'session' && e.event.type.startsWith('xstate.done.actor'));
    expect((done?.event.output as { accesstoken: string }).accesstoken).toBe('***');
  });

  it('masks deep in payloads, keeps empty values and non-secrets', async () => {
    const { maskSecrets } = await import('../../../src/inspector/mask.ts');
    expect(
      maskSecrets({
        a: { b: [{ smsCode: '1234', accessToken: 'x', Password: 'p', apiKey: 'k', key: '' }] },
        status_code: 401,
        roles: [{ roleId: 'r', code: '999' }],
        err: new Error('boom'),
        fn: () => 1,
      }),
    ).toEqual({
      a: { b: [{ smsCode: '***', accessToken: '***', Password: '***', apiKey: '***', key: '' }] },
      status_code: 401,
      roles: [{ roleId: 'r', code: '999' }],
      err: { name: 'Error', message: 'boom' },
    });
  });

  it('masks a loaded file again', () => {
    const file = parseJournalFile(
      JSON.stringify({
        format: 'meal-console/statechart-journal',
        version: 1,
        bases: {},
        entries: [{ seq: 1, time: 0, actorId: 'session', machineId: 'session', event: { type: 'LOGIN', password: 'pw' }, resultingState: 'signingIn', status: 'active' }],
      }),
    );
    expect(file.entries[0].event.password).toBe('***');
    expect(() => parseJournalFile('{"x":1}')).toThrow();
  });
});
