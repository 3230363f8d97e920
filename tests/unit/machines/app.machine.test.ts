import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, type AnyActorRef, type SnapshotFrom } from 'xstate';
import { appMachine, createAppMachine, type AppImplementations, type AppInput } from '../../../machines/app.machine.ts';
import type { LoginInput, LogoutInput, sessionMachine } from '../../../machines/session.machine.ts';
import type { orgAppMachine } from '../../../machines/orgApp.machine.ts';
import type { noticeBannerMachine } from '../../../machines/noticeBanner.machine.ts';
import type { QrCode, QrPollInput, QrPollOutput, qrSignInMachine } from '../../../machines/qrSignIn.machine.ts';
import { TIMERS } from '../../../domain/constants.ts';
import type { LoginResult, OrgApp } from '../../../domain/types.ts';
import { HOUR, loginResult, menuEntry, orgApp, T0 } from './fixtures.ts';

type Snap<M> = M extends Parameters<typeof createActor>[0] ? SnapshotFrom<M> : never;

function fakes() {
  const calls = {
    logins: 0,
    loadOrgApps: 0,
    contexts: [] as string[],
    notices: [] as string[],
    clearStorageAndReload: 0,
    persisted: [] as string[],
    titles: [] as string[],
    qrPolls: 0,
  };
  let qrStatus: 'waiting' | 'confirmed' = 'waiting';
  const impl: AppImplementations = {
    actors: {
      login: fromPromise(async () => {
        calls.logins++;
        return loginResult(T0 + HOUR);
      }),
      logout: fromPromise<unknown, LogoutInput>(async () => undefined),
      loadOrgApps: fromPromise(async () => {
        calls.loadOrgApps++;
        return [orgApp(), orgApp({ id: 'oa2', orgId: 'org2' })];
      }),
      fetchOrgAppKey: fromPromise(async () => ({ key: 'k' })),
      loadOrgAppContext: fromPromise(async ({ input }) => {
        calls.contexts.push(input.orgApp.id);
        return { menu: [menuEntry()], theme: null, config: {}, locale: 'zh-CN' as const };
      }),
      reloadMenu: fromPromise(async () => 1),
      fetchSystemNotify: fromPromise(async ({ input }) => {
        calls.notices.push(input.orgId);
        return { enable: true, content: `notice for ${input.orgId}` };
      }),
      createQrCode: fromPromise<QrCode, Record<string, never>>(async () => ({ id: 'qr', expiresAt: T0 + 120_000 })),
      pollQrCode: fromPromise<QrPollOutput, QrPollInput>(async () => {
        calls.qrPolls++;
        return qrStatus === 'confirmed'
          ? { status: 'confirmed' as const, login: loginResult(T0 + HOUR, { userId: 'qr-user' }) }
          : { status: 'waiting' as const };
      }),
    },
    actions: {
      clearStorageAndReload: () => {
        calls.clearStorageAndReload++;
      },
      persistOrgApp: (o: OrgApp) => {
        calls.persisted.push(o.id);
      },
      setDocumentTitle: (title: string) => {
        calls.titles.push(title);
      },
    },
  };
  return { impl, calls, confirmQr: () => (qrStatus = 'confirmed') };
}

function start(input: AppInput = { now: T0 }) {
  const f = fakes();
  const actor = createActor(createAppMachine(f.impl), { input }).start();
  const child = (id: string): AnyActorRef => {
    const ref = actor.system.get(id) as AnyActorRef | undefined;
    if (!ref) throw new Error(`no child ${id}`);
    return ref;
  };
  return {
    ...f,
    actor,
    child,
    session: () => child('session').getSnapshot() as Snap<typeof sessionMachine>,
    orgApp: () => child('orgApp').getSnapshot() as Snap<typeof orgAppMachine>,
    notice: () => child('noticeBanner').getSnapshot() as Snap<typeof noticeBannerMachine>,
    qr: () => actor.system.get('qrSignIn')?.getSnapshot() as Snap<typeof qrSignInMachine> | undefined,
  };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('appMachine: children', () => {
  it('spawns every feature actor by name with id = systemId, QR only on demand', () => {
    const app = start();
    const children = Object.keys(app.actor.getSnapshot().children).sort();
    expect(children).toEqual(['frameBridge', 'guard', 'noticeBanner', 'onlineRestriction', 'orgApp', 'session']);
    for (const id of children) expect(app.actor.system.get(id)).toBe(app.actor.getSnapshot().children[id]);
    expect(app.actor.system.get('qrSignIn')).toBeUndefined();
    expect(app.actor.getSnapshot().value).toBe('running');
  });

  it('the unprovided root fails sign-in with "login not provided"', async () => {
    const actor = createActor(appMachine, { input: { now: T0 } }).start();
    const session = actor.system.get('session') as AnyActorRef;
    session.send({ type: 'LOGIN', mode: 'password', username: 'a', password: 'b', now: T0 });
    await vi.advanceTimersByTimeAsync(0);
    expect((session.getSnapshot() as Snap<typeof sessionMachine>).context.error).toBe('login not provided');
  });

  it('provided actions reach the children (frame bridge title)', () => {
    const app = start();
    app.child('frameBridge').send({ type: 'FRAME_MESSAGE', data: { type: 'setpagetitle', data: 'T' } });
    expect(app.calls.titles).toEqual(['T']);
  });
});

describe('appMachine: wiring', () => {
  it('a sign-in that answers with the org-app list shows the chooser without the list call; the user keeps no list (issue 12)', async () => {
    const f = fakes();
    const listed = [orgApp({ id: 'listed', key: '' })];
    const impl = { ...f.impl, actors: { ...f.impl.actors, login: fromPromise<LoginResult, LoginInput>(async () => ({ ...loginResult(T0 + HOUR), orgApps: listed })) } };
    const actor = createActor(createAppMachine(impl), { input: { now: T0 } }).start();
    const session = actor.system.get('session') as AnyActorRef;
    session.send({ type: 'LOGIN', mode: 'password', username: 'a', password: 'b', now: T0 });
    await vi.advanceTimersByTimeAsync(0);
    const orgAppSnap = (actor.system.get('orgApp') as AnyActorRef).getSnapshot() as Snap<typeof orgAppMachine>;
    expect(orgAppSnap.value).toBe('choosing');
    expect(orgAppSnap.context.orgApps).toEqual(listed);
    expect(f.calls.loadOrgApps).toBe(0);
    const user = (session.getSnapshot() as Snap<typeof sessionMachine>).context.user;
    expect(user).not.toHaveProperty('orgApps');
    // signed out and in again without a list (QR, a restored login): the list is fetched
    session.send({ type: 'SESSION_LOST', status: 401, now: T0 + 1 });
    expect((session.getSnapshot() as Snap<typeof sessionMachine>).context.orgApps).toBeNull();
  });

  it('signing in loads the org-app list; choosing one makes it ready and fetches the notice 400 ms later', async () => {
    const app = start();
    app.child('session').send({ type: 'LOGIN', mode: 'password', username: 'a', password: 'b', now: T0 });
    await vi.advanceTimersByTimeAsync(0);
    expect(app.session().matches('signedIn')).toBe(true);
    expect(app.orgApp().value).toBe('choosing');
    expect(app.calls.loadOrgApps).toBe(1);

    app.child('orgApp').send({ type: 'CHOOSE', orgApp: app.orgApp().context.orgApps[1] });
    await vi.advanceTimersByTimeAsync(0);
    expect(app.orgApp().value).toBe('ready');
    expect(app.calls.persisted).toEqual(['oa2']);
    expect(app.notice().value).toBe('waiting');
    await vi.advanceTimersByTimeAsync(TIMERS.noticeRefreshMs - 1);
    expect(app.calls.notices).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(app.calls.notices).toEqual(['org2']);
    expect(app.notice().value).toBe('shown');
    expect(app.actor.getSnapshot().context.lastOrgApp?.id).toBe('oa2');
  });

  it('a persisted login and org-app restore straight to ready without the list', async () => {
    const app = start({ now: T0, login: loginResult(T0 + HOUR), orgApp: orgApp() });
    await vi.advanceTimersByTimeAsync(0);
    expect(app.session().matches('signedIn')).toBe(true);
    expect(app.orgApp().value).toBe('ready');
    expect(app.calls.loadOrgApps).toBe(0);
    expect(app.calls.contexts).toEqual(['oa1']);
    // the token is not copied into the root's context
    expect(JSON.stringify(app.actor.getSnapshot().context)).not.toContain('token-1');
  });

  it('LOGOUT signs out, resets org-app and banner, and asks the app to clear storage and reload', async () => {
    const app = start({ now: T0, login: loginResult(T0 + HOUR), orgApp: orgApp() });
    await vi.advanceTimersByTimeAsync(TIMERS.noticeRefreshMs);
    expect(app.notice().value).toBe('shown');
    app.actor.send({ type: 'LOGOUT' });
    await vi.advanceTimersByTimeAsync(0);
    expect(app.session().value).toBe('signedOut');
    expect(app.orgApp().value).toBe('idle');
    expect(app.orgApp().context.current).toBeNull();
    expect(app.notice().value).toBe('idle');
    expect(app.calls.clearStorageAndReload).toBe(1);
    expect(app.actor.getSnapshot().context.lastOrgApp).toBeNull();
  });

  it('the daily sign-in goes straight to the usual org-app when the sign-in\'s list still has it; another user or a missing one gets the chooser (issue 12)', async () => {
    const f = fakes();
    const remembered: string[] = [];
    const listed = [orgApp({ id: 'oa1', key: '' }), orgApp({ id: 'oa2', orgId: 'org2', key: '' })];
    let answer = listed;
    const impl: AppImplementations = {
      actors: { ...f.impl.actors, login: fromPromise<LoginResult, LoginInput>(async ({ input }) => ({ ...loginResult(T0 + HOUR, { username: input.username }), orgApps: answer })) },
      actions: { ...f.impl.actions, rememberUsualOrgApp: (u) => { remembered.push(`${u.username}@${u.orgId}`); } },
    };
    const run = (input: AppInput, username: string) => {
      const actor = createActor(createAppMachine(impl), { input }).start();
      (actor.system.get('session') as AnyActorRef).send({ type: 'LOGIN', mode: 'password', username, password: 'b', now: T0 });
      return actor;
    };
    const orgAppOf = (actor: AnyActorRef) => (actor.system.get('orgApp') as AnyActorRef).getSnapshot() as Snap<typeof orgAppMachine>;
    // first time: the chooser; choosing org2 makes it his usual one
    const first = run({ now: T0 }, 'p1');
    await vi.advanceTimersByTimeAsync(0);
    expect(orgAppOf(first).value).toBe('choosing');
    (first.system.get('orgApp') as AnyActorRef).send({ type: 'CHOOSE', orgApp: listed[1] });
    await vi.advanceTimersByTimeAsync(0);
    expect(remembered).toEqual(['p1@org2']);
    const usual = first.getSnapshot().context.usual;
    expect(usual).toEqual({ username: 'p1', orgId: 'org2', appId: listed[1].appId });
    // after a logout (a fresh page with only the user kept): straight into org2, no chooser
    const again = run({ now: T0, usual }, 'p1');
    await vi.advanceTimersByTimeAsync(0);
    expect(orgAppOf(again).value).toBe('ready');
    expect(orgAppOf(again).context.current?.orgId).toBe('org2');
    // another person on this browser: the chooser
    const other = run({ now: T0, usual }, 'p2');
    await vi.advanceTimersByTimeAsync(0);
    expect(orgAppOf(other).value).toBe('choosing');
    // the usual org-app no longer his (left the org, or disabled): the chooser
    answer = [listed[0], { ...listed[1], disabled: true }];
    const gone = run({ now: T0, usual }, 'p1');
    await vi.advanceTimersByTimeAsync(0);
    expect(orgAppOf(gone).value).toBe('choosing');
  });

  it('a lost session clears the org-app; signing in again restores the same org-app', async () => {
    const app = start({ now: T0, login: loginResult(T0 + HOUR), orgApp: orgApp() });
    await vi.advanceTimersByTimeAsync(0);
    app.child('session').send({ type: 'SESSION_LOST', status: 401, statusText: 'Unauthorized', now: T0 });
    await vi.advanceTimersByTimeAsync(0);
    expect(app.session().value).toBe('signedOut');
    expect(app.orgApp().value).toBe('idle');
    app.child('session').send({ type: 'LOGIN', mode: 'password', username: 'a', password: 'b', now: T0 });
    await vi.advanceTimersByTimeAsync(0);
    expect(app.orgApp().value).toBe('ready');
    expect(app.calls.contexts).toEqual(['oa1', 'oa1']);
    expect(app.calls.loadOrgApps).toBe(0);
  });

  it('TICK past the token expiry signs out through the root', async () => {
    const app = start({ now: T0, login: loginResult(T0 + HOUR), orgApp: orgApp() });
    await vi.advanceTimersByTimeAsync(0);
    app.actor.send({ type: 'TICK', now: T0 + HOUR });
    await vi.advanceTimersByTimeAsync(0);
    expect(app.session().value).toBe('signedOut');
    expect(app.session().context.signedOutReason).toBe('expired');
    expect(app.orgApp().value).toBe('idle');
  });
});

describe('appMachine: QR sign-in', () => {
  it('spawns qrSignIn on QR_OPEN and stops it on QR_CLOSE; it can be opened again', async () => {
    const app = start();
    app.actor.send({ type: 'QR_OPEN', now: T0 });
    expect(app.actor.getSnapshot().context.qrOpen).toBe(true);
    await vi.advanceTimersByTimeAsync(0);
    expect(app.qr()?.matches({ active: 'waiting' })).toBe(true);
    app.actor.send({ type: 'QR_CLOSE' });
    expect(app.actor.system.get('qrSignIn')).toBeUndefined();
    expect(app.actor.getSnapshot().children.qrSignIn).toBeUndefined();
    const polls = app.calls.qrPolls;
    await vi.advanceTimersByTimeAsync(10_000);
    expect(app.calls.qrPolls).toBe(polls);

    app.actor.send({ type: 'QR_OPEN', now: T0 + 10_000 });
    await vi.advanceTimersByTimeAsync(0);
    expect(app.qr()?.matches('active')).toBe(true);
  });

  it('a confirmed QR code signs the session in and stops the QR actor', async () => {
    const app = start();
    app.actor.send({ type: 'QR_OPEN', now: T0 });
    await vi.advanceTimersByTimeAsync(2000);
    expect(app.session().value).toBe('signedOut');
    app.confirmQr();
    await vi.advanceTimersByTimeAsync(2000);
    expect(app.session().matches('signedIn')).toBe(true);
    expect(app.session().context.mode).toBe('qr');
    expect(app.session().context.user?.userId).toBe('qr-user');
    expect(app.actor.system.get('qrSignIn')).toBeUndefined();
    expect(app.actor.getSnapshot().context.qrOpen).toBe(false);
    expect(app.orgApp().value).toBe('choosing');
  });
});

describe('appMachine: persistence', () => {
  it('a persisted snapshot restores its children (spawned by name)', async () => {
    const app = start({ now: T0, login: loginResult(T0 + HOUR), orgApp: orgApp() });
    await vi.advanceTimersByTimeAsync(0);
    const persisted = app.actor.getPersistedSnapshot();
    app.actor.stop();

    const f = fakes();
    const restored = createActor(createAppMachine(f.impl), { snapshot: persisted, input: { now: T0 } }).start();
    const session = restored.system.get('session') as AnyActorRef;
    const org = restored.system.get('orgApp') as AnyActorRef;
    expect((session.getSnapshot() as Snap<typeof sessionMachine>).matches('signedIn')).toBe(true);
    expect((org.getSnapshot() as Snap<typeof orgAppMachine>).value).toBe('ready');
    expect((org.getSnapshot() as Snap<typeof orgAppMachine>).context.current?.id).toBe('oa1');

    // the restored session lost its timer: RESTORE re-arms it from expiresAt − now
    session.send({ type: 'RESTORE', now: T0 + HOUR - 1000 });
    await vi.advanceTimersByTimeAsync(999);
    expect((session.getSnapshot() as Snap<typeof sessionMachine>).matches('signedIn')).toBe(true);
    await vi.advanceTimersByTimeAsync(1);
    expect((session.getSnapshot() as Snap<typeof sessionMachine>).value).toBe('signedOut');
  });
});

