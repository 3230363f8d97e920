// A console's live feed in API tests: a ticket, then GET /v1/events read into a queue.
import { expect } from 'vitest';
import type { TestServer } from '../support/testServer.ts';
import { call, type Session } from './usersApi.ts';

export interface LiveMessage { orgId: string; streamId: string; type: string }

/** An open GET /v1/events stream, read into a queue; `next` waits for the first message matching `type`. */
export async function openLiveFeed(server: Pick<TestServer, 'url'>, s: Session) {
  const ticket = await call<{ ticket: string }>(server, 'POST', '/v1/live/ticket', { token: s.token, key: s.key });
  expect(ticket.status).toBe(200);
  const controller = new AbortController();
  const res = await fetch(`${server.url}/v1/events?ticket=${ticket.body.data.ticket}`, { signal: controller.signal });
  expect(res.status).toBe(200);
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  await reader.read(); // ': connected'
  const seen: LiveMessage[] = [];
  let buffer = '';
  let wake: () => void = () => {};
  let ended = false;
  void (async () => {
    try {
      for (;;) {
        const chunk = await reader.read();
        if (chunk.done) {
          ended = true;
          wake();
          return;
        }
        buffer += decoder.decode(chunk.value, { stream: true });
        const lines = buffer.split('\n');
        buffer = lines.pop() ?? '';
        for (const line of lines) if (line.startsWith('data: ')) seen.push(JSON.parse(line.slice(6)) as LiveMessage);
        wake();
      }
    } catch {
      // aborted, or the server ended the stream
      ended = true;
      wake();
    }
  })();
  return {
    async next(type: string, timeoutMs = 10_000): Promise<LiveMessage | null> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const i = seen.findIndex((m) => m.type === type);
        if (i >= 0) return seen.splice(0, i + 1)[i];
        const left = deadline - Date.now();
        if (left <= 0) return null;
        await new Promise<void>((resolve) => {
          wake = resolve;
          setTimeout(resolve, left);
        });
      }
    },
    /** every message seen and not yet taken by `next` */
    seen: () => [...seen],
    /** Whether the server ended the stream within `timeoutMs`. */
    async ended(timeoutMs = 5_000): Promise<boolean> {
      const deadline = Date.now() + timeoutMs;
      while (!ended && Date.now() < deadline) {
        await new Promise<void>((resolve) => {
          wake = resolve;
          setTimeout(resolve, Math.min(100, deadline - Date.now()));
        });
      }
      return ended;
    },
    close: () => controller.abort(),
  };
}

