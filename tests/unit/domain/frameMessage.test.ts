import { describe, it, expect } from 'vitest';
import { DEFAULT_LOADING_TIP } from '../../../domain/constants.ts';
import { parseFrameMessage } from '../../../domain/frameMessage.ts';

describe('parseFrameMessage (§2)', () => {
  it('reads a boolean loading message with the default tip', () => {
    expect(parseFrameMessage({ type: 'loading', data: true })).toEqual({ type: 'loading', loading: true, tip: DEFAULT_LOADING_TIP, onlyMask: false });
    expect(parseFrameMessage({ type: 'loading', data: false })).toMatchObject({ loading: false });
  });
  it('reads an object loading message', () => {
    expect(parseFrameMessage({ type: 'loading', data: { loading: true, loadingTip: 'Saving', onlyMask: true } })).toEqual({
      type: 'loading',
      loading: true,
      tip: 'Saving',
      onlyMask: true,
    });
    expect(parseFrameMessage({ type: 'loading', loading: true, loadingTip: 'Wait' })).toMatchObject({ loading: true, tip: 'Wait' });
    expect(parseFrameMessage({ type: 'loading', loading: { loading: true, onlyMask: true } })).toMatchObject({ loading: true, onlyMask: true });
  });
  it('turns tiled fullscreen on only for true or 1', () => {
    expect(parseFrameMessage({ type: 'tilingfullscreen', data: true })).toEqual({ type: 'tilingfullscreen', on: true });
    expect(parseFrameMessage({ type: 'tilingfullscreen', data: 1 })).toEqual({ type: 'tilingfullscreen', on: true });
    expect(parseFrameMessage({ type: 'tilingfullscreen', data: 'true' })).toEqual({ type: 'tilingfullscreen', on: false });
    expect(parseFrameMessage({ type: 'tilingfullscreen', data: 0 })).toEqual({ type: 'tilingfullscreen', on: false });
  });
  it('reads a page title', () => {
    expect(parseFrameMessage({ type: 'setpagetitle', data: 'Orders' })).toEqual({ type: 'setpagetitle', title: 'Orders' });
    expect(parseFrameMessage({ type: 'setpagetitle', title: 'Menu' })).toEqual({ type: 'setpagetitle', title: 'Menu' });
    expect(parseFrameMessage({ type: 'setpagetitle', data: 3 })).toBeNull();
  });
  it('accepts JSON strings and ignores anything else', () => {
    expect(parseFrameMessage(JSON.stringify({ type: 'setpagetitle', data: 'X' }))).toEqual({ type: 'setpagetitle', title: 'X' });
    for (const junk of [null, undefined, 'hello', 42, {}, { type: 'unknown', data: 1 }, { type: 5 }]) expect(parseFrameMessage(junk)).toBeNull();
  });
});
