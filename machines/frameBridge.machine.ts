import { assign, setup } from 'xstate';
import { DEFAULT_LOADING_TIP } from '../domain/constants.ts';
import { parseFrameMessage } from '../domain/frameMessage.ts';

export interface FrameBridgeContext {
  /** §2 global loading overlay driven by the embedded page */
  loading: boolean;
  tip: string;
  onlyMask: boolean;
  /** the last title the embedded page asked for */
  title: string | null;
}

export type FrameBridgeEvent =
  /** raw postMessage data from an embedded page */
  | { type: 'FRAME_MESSAGE'; data: unknown }
  /** the user leaves tiled fullscreen (e.g. Escape) */
  | { type: 'TILE_EXIT' };

const tiling = (data: unknown): boolean | null => {
  const msg = parseFrameMessage(data);
  return msg?.type === 'tilingfullscreen' ? msg.on : null;
};

const titleOf = (data: unknown): string => {
  const msg = parseFrameMessage(data);
  return msg?.type === 'setpagetitle' ? msg.title : '';
};

export const frameBridgeMachine = setup({
  types: {
    context: {} as FrameBridgeContext,
    events: {} as FrameBridgeEvent,
  },
  actions: {
    // the app leaves browser fullscreen (document.exitFullscreen)
    exitBrowserFullscreen: () => {},
    // the app sets document.title
    setDocumentTitle: (_, _params: { title: string }) => {},
    applyMessage: assign(({ event }) => {
      if (event.type !== 'FRAME_MESSAGE') return {};
      const msg = parseFrameMessage(event.data);
      if (msg?.type === 'loading') return { loading: msg.loading, tip: msg.tip, onlyMask: msg.onlyMask };
      if (msg?.type === 'setpagetitle') return { title: msg.title };
      return {};
    }),
  },
  guards: {
    // §2 tilingfullscreen: true or 1 turns tiled fullscreen on, otherwise browser fullscreen is exited
    tilingOn: ({ event }) => event.type === 'FRAME_MESSAGE' && tiling(event.data) === true,
    tilingOff: ({ event }) => event.type === 'FRAME_MESSAGE' && tiling(event.data) === false,
    isTitle: ({ event }) => event.type === 'FRAME_MESSAGE' && parseFrameMessage(event.data)?.type === 'setpagetitle',
  },
}).createMachine({
  id: 'frameBridge',
  context: { loading: false, tip: DEFAULT_LOADING_TIP, onlyMask: false, title: null },
  initial: 'normal',
  on: {
    FRAME_MESSAGE: [
      { guard: 'tilingOn', target: '.tiled' },
      { guard: 'tilingOff', target: '.normal', actions: 'exitBrowserFullscreen' },
      {
        guard: 'isTitle',
        actions: [
          'applyMessage',
          // §2 setpagetitle sets the document title
          { type: 'setDocumentTitle', params: ({ event }) => ({ title: titleOf(event.data) }) },
        ],
      },
      { actions: 'applyMessage' },
    ],
  },
  states: {
    normal: {},
    tiled: {
      on: { TILE_EXIT: { target: 'normal', actions: 'exitBrowserFullscreen' } },
    },
  },
});
