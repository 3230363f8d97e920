import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { frameBridgeMachine } from '../../../machines/frameBridge.machine.ts';
import { DEFAULT_LOADING_TIP } from '../../../domain/constants.ts';

function make() {
  const calls = { exits: 0, titles: [] as string[] };
  const machine = frameBridgeMachine.provide({
    actions: {
      exitBrowserFullscreen: () => {
        calls.exits++;
      },
      setDocumentTitle: (_, params) => {
        calls.titles.push(params.title);
      },
    },
  });
  return { actor: createActor(machine).start(), calls };
}

describe('frameBridgeMachine (§2 messages from an embedded page)', () => {
  it('a boolean loading message shows the overlay with the default tip', () => {
    const { actor } = make();
    expect(actor.getSnapshot().context.loading).toBe(false);
    actor.send({ type: 'FRAME_MESSAGE', data: { type: 'loading', data: true } });
    expect(actor.getSnapshot().context).toMatchObject({ loading: true, tip: DEFAULT_LOADING_TIP, onlyMask: false });
    actor.send({ type: 'FRAME_MESSAGE', data: { type: 'loading', data: false } });
    expect(actor.getSnapshot().context.loading).toBe(false);
  });

  it('an object loading message carries its tip and mask-only mode', () => {
    const { actor } = make();
    actor.send({
      type: 'FRAME_MESSAGE',
      data: { type: 'loading', data: { loading: true, loadingTip: '正在保存', onlyMask: true } },
    });
    expect(actor.getSnapshot().context).toMatchObject({ loading: true, tip: '正在保存', onlyMask: true });
  });

  it.each([true, 1])('tilingfullscreen %s turns tiled fullscreen on', (on) => {
    const { actor, calls } = make();
    actor.send({ type: 'FRAME_MESSAGE', data: { type: 'tilingfullscreen', data: on } });
    expect(actor.getSnapshot().value).toBe('tiled');
    expect(calls.exits).toBe(0);
  });

  it.each([false, 0, 'yes'])('tilingfullscreen %s leaves tiled mode and exits browser fullscreen', (off) => {
    const { actor, calls } = make();
    actor.send({ type: 'FRAME_MESSAGE', data: { type: 'tilingfullscreen', data: true } });
    actor.send({ type: 'FRAME_MESSAGE', data: { type: 'tilingfullscreen', data: off } });
    expect(actor.getSnapshot().value).toBe('normal');
    expect(calls.exits).toBe(1);
  });

  it('TILE_EXIT leaves tiled mode', () => {
    const { actor, calls } = make();
    actor.send({ type: 'FRAME_MESSAGE', data: { type: 'tilingfullscreen', data: 1 } });
    actor.send({ type: 'TILE_EXIT' });
    expect(actor.getSnapshot().value).toBe('normal');
    expect(calls.exits).toBe(1);
  });

  it('setpagetitle sets the document title', () => {
    const { actor, calls } = make();
    actor.send({ type: 'FRAME_MESSAGE', data: JSON.stringify({ type: 'setpagetitle', data: '订单中心' }) });
    expect(calls.titles).toEqual(['订单中心']);
    expect(actor.getSnapshot().context.title).toBe('订单中心');
  });

  it('ignores messages it does not understand', () => {
    const { actor, calls } = make();
    const before = actor.getSnapshot().context;
    actor.send({ type: 'FRAME_MESSAGE', data: { type: 'somethingElse', data: 1 } });
    actor.send({ type: 'FRAME_MESSAGE', data: 'not json' });
    actor.send({ type: 'FRAME_MESSAGE', data: null });
    expect(actor.getSnapshot().context).toEqual(before);
    expect(actor.getSnapshot().value).toBe('normal');
    expect(calls).toEqual({ exits: 0, titles: [] });
  });
});
