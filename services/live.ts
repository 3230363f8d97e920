import { getAuthContext, HOSTS } from './http.ts';

/** What the server pushes after a commit (ARCHITECTURE.md live updates). */
export interface LiveEvent {
  orgId: string;
  streamId: string;
  type: string;
}

export interface LiveSubscription {
  close(): void;
}

/**
 * Opens GET /v1/events (server-sent events) for the current org-app; EventSource cannot send headers, so
 * the token and key travel as query parameters. The browser reconnects by itself after a drop.
 */
export function subscribeLiveEvents(
  onEvent: (event: LiveEvent) => void,
  opts: { accesstoken?: string; key?: string; onError?: (e: Event) => void } = {},
): LiveSubscription {
  const auth = getAuthContext();
  const accesstoken = opts.accesstoken ?? auth.accesstoken ?? '';
  const key = opts.key ?? auth.key ?? '';
  if (typeof EventSource === 'undefined' || !accesstoken || !key) return { close() {} };
  const query = new URLSearchParams({ accesstoken, key });
  const source = new EventSource(`${HOSTS.canteen}/v1/events?${query.toString()}`);
  source.onmessage = (msg) => {
    try {
      const data = JSON.parse(msg.data as string) as Partial<LiveEvent>;
      if (data && typeof data.type === 'string') onEvent({ orgId: String(data.orgId ?? ''), streamId: String(data.streamId ?? ''), type: data.type });
    } catch {
      // not JSON: ignore
    }
  };
  if (opts.onError) source.onerror = opts.onError;
  return { close: () => source.close() };
}
