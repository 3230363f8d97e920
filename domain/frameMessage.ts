import { DEFAULT_LOADING_TIP } from './constants.ts';

export type FrameMessage =
  | { type: 'loading'; loading: boolean; tip: string; onlyMask: boolean }
  | { type: 'tilingfullscreen'; on: boolean }
  | { type: 'setpagetitle'; title: string };

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

/** postMessage data may arrive as a JSON string. */
function asRecord(data: unknown): Record<string, unknown> | null {
  if (typeof data !== 'string') return isRecord(data) ? data : null;
  try {
    const parsed: unknown = JSON.parse(data);
    return isRecord(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

/**
 * §2 messages from an embedded page: {type, data} where data holds the payload. Senders that put the
 * payload beside the type ({type: 'loading', loading: true, loadingTip}, {type: 'setpagetitle', title})
 * are understood too. Anything else gives null.
 */
export function parseFrameMessage(data: unknown): FrameMessage | null {
  const msg = asRecord(data);
  if (!msg || typeof msg.type !== 'string') return null;
  const type = msg.type.toLowerCase();
  const inline = (...fields: string[]) => msg[fields.find((f) => f in msg) ?? ''];
  switch (type) {
    // §2 loading: boolean, or object with loading, loadingTip, onlyMask; default tip 加载中
    case 'loading': {
      const payload = 'data' in msg ? msg.data : isRecord(msg.loading) ? msg.loading : msg;
      const obj = isRecord(payload) ? payload : { loading: payload };
      const tip = typeof obj.loadingTip === 'string' && obj.loadingTip ? obj.loadingTip : DEFAULT_LOADING_TIP;
      return { type: 'loading', loading: Boolean(obj.loading), tip, onlyMask: Boolean(obj.onlyMask) };
    }
    // §2 tilingfullscreen: true or 1 turns tiled fullscreen on, otherwise browser fullscreen is exited
    case 'tilingfullscreen': {
      const payload = 'data' in msg ? msg.data : inline('tilingfullscreen', 'on');
      return { type: 'tilingfullscreen', on: payload === true || payload === 1 };
    }
    // §2 setpagetitle sets the document title
    case 'setpagetitle': {
      const payload = 'data' in msg ? msg.data : inline('title', 'setpagetitle');
      return typeof payload === 'string' ? { type: 'setpagetitle', title: payload } : null;
    }
    default:
      return null;
  }
}
