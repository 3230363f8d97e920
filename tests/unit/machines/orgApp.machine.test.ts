import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { orgAppMachine, type OrgAppContextOutput, type OrgAppRef } from '../../../machines/orgApp.machine.ts';
import type { OrgApp } from '../../../domain/types.ts';
import { menuEntry, orgApp } from './fixtures.ts';

const contextOutput = (over: Partial<OrgAppContextOutput> = {}): OrgAppContextOutput => ({
  menu: [menuEntry()],
  theme: { ysdadminTheme: { brandColor: '#0f6cbd', mode: 'light' } },
  config: { systemNotify: { enable: true, content: 'hello' } },
  locale: 'zh-CN',
  ...over,
});

function make(opts: {
  list?: () => Promise<OrgApp[]>;
  key?: (input: OrgAppRef) => Promise<{ key: string; context?: OrgAppContextOutput }>;
  context?: (input: OrgAppRef) => Promise<OrgAppContextOutput>;
} = {}) {
  const calls = { list: 0, key: [] as OrgApp[], context: [] as OrgApp[], persisted: [] as OrgApp[] };
  const machine = orgAppMachine.provide({
    actors: {
      loadOrgApps: fromPromise(async () => {
        calls.list++;
        return (opts.list ?? (async () => [orgApp(), orgApp({ id: 'oa2', key: '' })]))();
      }),
      fetchOrgAppKey: fromPromise<{ key: string; context?: OrgAppContextOutput }, OrgAppRef>(async ({ input }) => {
        calls.key.push(input.orgApp);
        return (opts.key ?? (async () => ({ key: 'fetched-key' })))(input);
      }),
      loadOrgAppContext: fromPromise<OrgAppContextOutput, OrgAppRef>(async ({ input }) => {
        calls.context.push(input.orgApp);
        return (opts.context ?? (async () => contextOutput()))(input);
      }),
    },
    actions: {
      persistOrgApp: (_, params) => {
        calls.persisted.push(params.orgApp);
      },
    },
  });
  return { actor: createActor(machine), calls };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('orgAppMachine', () => {
  it('loads the list and waits in choosing', async () => {
    const { actor, calls } = make();
    actor.start();
    expect(actor.getSnapshot().value).toBe('idle');
    actor.send({ type: 'LOAD' });
    expect(actor.getSnapshot().value).toBe('loadingList');
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().value).toBe('choosing');
    expect(actor.getSnapshot().context.orgApps.map((o) => o.id)).toEqual(['oa1', 'oa2']);
    expect(actor.getSnapshot().context.error).toBeNull();
    expect(calls.list).toBe(1);
  });

  it('keeps the failure message in choosing when the list fails (§4, §8)', async () => {
    const { actor } = make({ list: async () => Promise.reject(new Error('机构列表加载失败')) });
    actor.start();
    actor.send({ type: 'LOAD' });
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().value).toBe('choosing');
    expect(actor.getSnapshot().context.error).toBe('机构列表加载失败');
    expect(actor.getSnapshot().context.orgApps).toEqual([]);
  });

  it('choosing one with a key loads its context without fetching a key, then persists it', async () => {
    const { actor, calls } = make();
    actor.start();
    actor.send({ type: 'LOAD' });
    await vi.advanceTimersByTimeAsync(0);
    actor.send({ type: 'CHOOSE', orgApp: actor.getSnapshot().context.orgApps[0] });
    expect(actor.getSnapshot().value).toBe('loadingContext');
    await vi.advanceTimersByTimeAsync(0);
    const snap = actor.getSnapshot();
    expect(snap.value).toBe('ready');
    expect(snap.context.current?.id).toBe('oa1');
    expect(snap.context.menu).toHaveLength(1);
    expect(snap.context.locale).toBe('zh-CN');
    expect(snap.context.theme?.ysdadminTheme.brandColor).toBe('#0f6cbd');
    expect(snap.context.config).toEqual({ systemNotify: { enable: true, content: 'hello' } });
    expect(calls.key).toEqual([]);
    expect(calls.persisted.map((o) => o.id)).toEqual(['oa1']);
  });

  it('choosing one without a key fetches the key first (§4)', async () => {
    const { actor, calls } = make();
    actor.start();
    actor.send({ type: 'LOAD' });
    await vi.advanceTimersByTimeAsync(0);
    actor.send({ type: 'CHOOSE', orgApp: actor.getSnapshot().context.orgApps[1] });
    expect(actor.getSnapshot().value).toBe('fetchingKey');
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().value).toBe('ready');
    expect(calls.key.map((o) => o.id)).toEqual(['oa2']);
    // the context is loaded with the fetched key
    expect(calls.context[0].key).toBe('fetched-key');
    expect(actor.getSnapshot().context.current?.key).toBe('fetched-key');
    expect(actor.getSnapshot().context.orgApps[1].key).toBe('fetched-key');
  });

  it('refreshes the display name from the loaded context', async () => {
    const { actor } = make({
      context: async ({ orgApp: o }) => contextOutput({ orgApp: { ...o, orgName: 'Renamed School', key: '' } }),
    });
    actor.start();
    actor.send({ type: 'RESTORE', orgApp: orgApp() });
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().context.current?.orgName).toBe('Renamed School');
    expect(actor.getSnapshot().context.current?.key).toBe('key-1');
  });

  it('RESTORE goes straight to loadingContext without loading the list', async () => {
    const { actor, calls } = make();
    actor.start();
    actor.send({ type: 'RESTORE', orgApp: orgApp() });
    expect(actor.getSnapshot().value).toBe('loadingContext');
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().value).toBe('ready');
    expect(calls.list).toBe(0);
  });

  it('a failed key fetch or context load returns to choosing with the message', async () => {
    const a = make({ key: async () => Promise.reject(new Error('no key')) });
    a.actor.start();
    a.actor.send({ type: 'CHOOSE', orgApp: orgApp({ key: '' }) });
    await vi.advanceTimersByTimeAsync(0);
    expect(a.actor.getSnapshot().value).toBe('choosing');
    expect(a.actor.getSnapshot().context.error).toBe('no key');
    expect(a.actor.getSnapshot().context.current).toBeNull();

    const b = make({ context: async () => Promise.reject(new Error('menu failed')) });
    b.actor.start();
    b.actor.send({ type: 'CHOOSE', orgApp: orgApp() });
    await vi.advanceTimersByTimeAsync(0);
    expect(b.actor.getSnapshot().value).toBe('choosing');
    expect(b.actor.getSnapshot().context.error).toBe('menu failed');
    expect(b.calls.persisted).toEqual([]);
  });

  it('CLEAR resets everything to idle', async () => {
    const { actor } = make();
    actor.start();
    actor.send({ type: 'RESTORE', orgApp: orgApp() });
    await vi.advanceTimersByTimeAsync(0);
    actor.send({ type: 'CLEAR' });
    const snap = actor.getSnapshot();
    expect(snap.value).toBe('idle');
    expect(snap.context.current).toBeNull();
    expect(snap.context.menu).toEqual([]);
    expect(snap.context.orgApps).toEqual([]);
  });

  it('a second choice while the first is loading wins', async () => {
    const { actor } = make({
      context: ({ orgApp: o }) =>
        new Promise((resolve) => setTimeout(() => resolve(contextOutput()), o.id === 'oa1' ? 100 : 10)),
    });
    actor.start();
    actor.send({ type: 'CHOOSE', orgApp: orgApp() });
    actor.send({ type: 'CHOOSE', orgApp: orgApp({ id: 'oa3' }) });
    await vi.advanceTimersByTimeAsync(200);
    expect(actor.getSnapshot().value).toBe('ready');
    expect(actor.getSnapshot().context.current?.id).toBe('oa3');
  });

  it('takes the list the sign-in answered with, without a call of its own (issue 12)', async () => {
    const { actor, calls } = make();
    actor.start();
    const given = [orgApp({ id: 'given', key: '' })];
    actor.send({ type: 'LOAD', orgApps: given });
    expect(actor.getSnapshot().value).toBe('choosing');
    expect(actor.getSnapshot().context.orgApps).toEqual(given);
    await vi.advanceTimersByTimeAsync(0);
    expect(calls.list).toBe(0);
    // no list given (a restored login, QR): the list is fetched
    actor.send({ type: 'LOAD', orgApps: null });
    expect(actor.getSnapshot().value).toBe('loadingList');
    await vi.advanceTimersByTimeAsync(0);
    expect(calls.list).toBe(1);
  });

  it('is ready from a key call that answered the whole context, without loading it again (issue 12)', async () => {
    const refreshed = orgApp({ id: 'oa2', orgName: '新名称', key: 'ctx-key' });
    const { actor, calls } = make({ key: async () => ({ key: 'ctx-key', context: contextOutput({ orgApp: refreshed, locale: 'en-US' }) }) });
    actor.start();
    actor.send({ type: 'LOAD' });
    await vi.advanceTimersByTimeAsync(0);
    const chosen = actor.getSnapshot().context.orgApps.find((o) => o.id === 'oa2')!;
    actor.send({ type: 'CHOOSE', orgApp: chosen });
    expect(actor.getSnapshot().value).toBe('fetchingKey');
    await vi.advanceTimersByTimeAsync(0);
    const snap = actor.getSnapshot();
    expect(snap.value).toBe('ready');
    expect(calls.context).toHaveLength(0);
    expect(snap.context.current).toMatchObject({ id: 'oa2', orgName: '新名称', key: 'ctx-key' });
    expect(snap.context.locale).toBe('en-US');
    expect(snap.context.menu).toEqual([menuEntry()]);
    expect(snap.context.orgApps.find((o) => o.id === 'oa2')?.key).toBe('ctx-key');
    expect(calls.persisted.at(-1)).toMatchObject({ id: 'oa2', key: 'ctx-key' });
  });
});
