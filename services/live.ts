import { LIVE_RESYNC } from '../domain/live.ts';
import { getAuthContext, HOSTS, post } from './http.ts';

/** What the server pushes after a commit (ARCHITECTURE.md live updates). */
export interface LiveEvent {
  orgId: string;
  streamId: string;
  type: string;
}

export interface LiveSubscription {
  close(): void;
}

/** A one-time ticket for one GET /v1/events connection (valid 60 s). */
export function liveTicket(opts: { accesstoken: string; key: string }): Promise<{ ticket: string; expiresAt: string }> {
  return post('/v1/live/ticket', {}, { accesstoken: opts.accesstoken, key: opts.key });
}

// After a drop the next connection needs a fresh ticket, so reconnecting is ours, not EventSource's:
// wait a little longer after each failure, up to half a minute.
const RETRY_MS = [1_000, 2_000, 5_000, 10_000, 30_000];

/**
 * Opens GET /v1/events (server-sent events) for the current org-app. EventSource cannot send headers and a
 * URL must not carry the token or key (it lands in logs), so each connection first gets a one-time ticket.
 * `onResync` is called when notices may have been missed: the server says so after its own database
 * connection came back, and this side knows it when the stream opens again after a drop.
 */
export function subscribeLiveEvents(
  onEvent: (event: LiveEvent) => void,
  opts: { accesstoken?: string; key?: string; onError?: (e: Event) => void; onResync?: () => void } = {},
): LiveSubscription {
  const auth = getAuthContext();
  const accesstoken = opts.accesstoken ?? auth.accesstoken ?? '';
  const key = opts.key ?? auth.key ?? '';
  if (typeof EventSource === 'undefined' || !accesstoken || !key) return { close() {} };
  let closed = false;
  let source: EventSource | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let failures = 0;
  let dropped = false; // a stream was open and broke: the next open follows a gap
  const retry = () => {
    if (closed) return;
    timer = setTimeout(connect, RETRY_MS[Math.min(failures, RETRY_MS.length - 1)]);
    failures += 1;
  };
  async function connect() {
    let ticket: string;
    try {
      ({ ticket } = await liveTicket({ accesstoken, key }));
    } catch {
      retry();
      return;
    }
    if (closed) return;
    source = new EventSource(`${HOSTS.canteen}/v1/events?${new URLSearchParams({ ticket }).toString()}`);
    let opened = false;
    source.onopen = () => {
      failures = 0;
      opened = true;
      if (dropped) {
        dropped = false;
        opts.onResync?.();
      }
    };
    source.onmessage = (msg) => {
      try {
        const data = JSON.parse(msg.data as string) as Partial<LiveEvent>;
        if (data?.type === LIVE_RESYNC) opts.onResync?.();
        else if (data && typeof data.type === 'string') onEvent({ orgId: String(data.orgId ?? ''), streamId: String(data.streamId ?? ''), type: data.type });
      } catch {
        // not JSON: ignore
      }
    };
    source.onerror = (e) => {
      if (opened) dropped = true;
      source?.close();
      source = null;
      opts.onError?.(e);
      retry();
    };
  }
  void connect();
  return {
    close: () => {
      closed = true;
      clearTimeout(timer);
      source?.close();
    },
  };
}
