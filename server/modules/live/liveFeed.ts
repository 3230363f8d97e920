// Fans committed-change notices out to subscribers per org. The server's LISTEN connection feeds it; when
// that connection is lost it is re-established with backoff, and subscribers are told to resync.
import type pg from 'pg';
import { LIVE_RESYNC } from '../../../domain/live.ts';

export interface LiveMessage {
  orgId: string;
  streamId: string;
  type: string;
}

type Listener = (msg: LiveMessage) => void;

const FIRST_DELAY_MS = 500;
const MAX_DELAY_MS = 30_000;

/** How long a lost listener connection waits before it is reported and retried (a stop may be on its way). */
const LOSS_GRACE_MS = 500;

/** The pause before reconnect attempt `attempt` (0-based since the last success): 0.5 s doubling, at most 30 s. */
export function reconnectDelay(attempt: number): number {
  return Math.min(FIRST_DELAY_MS * 2 ** Math.min(Math.max(attempt, 0), 16), MAX_DELAY_MS);
}

export interface ListenOptions {
  /** the pause before each reconnect attempt (tests shorten it) */
  delay?: (attempt: number) => number;
  log?: (message: string) => void;
}

class LiveFeed {
  private readonly byOrg = new Map<string, Set<Listener>>();

  subscribe(orgId: string, listener: Listener): () => void {
    const set = this.byOrg.get(orgId) ?? new Set();
    set.add(listener);
    this.byOrg.set(orgId, set);
    return () => {
      set.delete(listener);
      if (set.size === 0 && this.byOrg.get(orgId) === set) this.byOrg.delete(orgId);
    };
  }

  publish(msg: LiveMessage): void {
    for (const listener of this.byOrg.get(msg.orgId) ?? []) listener(msg);
  }

  /** Tells every subscriber that notices may have been missed. */
  private resyncAll(): void {
    for (const orgId of [...this.byOrg.keys()]) this.publish({ orgId, streamId: '', type: LIVE_RESYNC });
  }

  /**
   * Listens on the `events` channel that appendToStream notifies in each committing transaction. The first
   * connection must succeed (its error is thrown); a later loss (database restart, terminated backend) is
   * logged and followed by reconnect attempts with backoff until the returned stop function is called.
   */
  async listen(pool: pg.Pool, opts: ListenOptions = {}): Promise<() => Promise<void>> {
    const delay = opts.delay ?? reconnectDelay;
    const log = opts.log ?? ((m: string) => console.error(m));
    let stopped = false;
    // the listening connection, and how to give it back quietly
    let current: { client: pg.PoolClient; close(): Promise<void> } | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let attempt = 0;

    const onNotification = (n: pg.Notification) => {
      if (n.channel !== 'events' || !n.payload) return;
      const { orgId, streamId, types } = JSON.parse(n.payload) as { orgId: string; streamId: string; types: string[] };
      for (const type of types) this.publish({ orgId, streamId, type });
    };

    const scheduleReconnect = () => {
      if (stopped || timer) return;
      const wait = delay(attempt);
      attempt += 1;
      timer = setTimeout(() => {
        timer = undefined;
        if (stopped) return;
        open().then(
          (listening) => {
            if (!listening) return;
            attempt = 0;
            log('[live] listener connection re-established');
            this.resyncAll();
          },
          (e: Error) => {
            log(`[live] listener reconnect failed: ${e.message}`);
            scheduleReconnect();
          },
        );
      }, wait);
    };

    /** Connects and LISTENs: true once listening, false when stopped meanwhile; rejects when that fails. */
    const open = async (): Promise<boolean> => {
      const client = await pool.connect();
      let lost = false;
      const onLost = (e?: Error) => {
        if (lost) return;
        lost = true;
        client.removeListener('notification', onNotification);
        const wasListening = current?.client === client;
        if (wasListening) current = null;
        // the database going away (shutdown, restart, terminated backend) must not crash the server: this
        // connection is dropped from the pool and, once it was listening, a new one is tried
        client.release(e ?? new Error('listener connection ended'));
        if (stopped || !wasListening) return;
        // Ctrl-C reaches PostgreSQL and this process together, and the lost connection may be heard before our own
        // stop: a moment later a stopping server stays quiet about it, a running one says so and reconnects
        setTimeout(() => {
          if (stopped) return;
          log(`[live] listener connection lost: ${e?.message ?? 'connection ended'}`);
          scheduleReconnect();
        }, LOSS_GRACE_MS).unref();
      };
      client.on('error', onLost);
      client.on('end', onLost);
      client.on('notification', onNotification);
      try {
        await client.query('LISTEN events');
        if (lost) throw new Error('listener connection lost while starting to listen');
      } catch (e) {
        onLost(e as Error); // gives the connection back (a no-op when already lost)
        throw e;
      }
      if (stopped) {
        onLost(new Error('live feed stopped'));
        return false;
      }
      current = {
        client,
        async close() {
          client.removeListener('notification', onNotification);
          await client.query('UNLISTEN events').catch(() => {});
          if (lost) return; // the connection failed meanwhile and onLost gave it back
          lost = true;
          client.removeListener('error', onLost);
          client.removeListener('end', onLost);
          client.release();
        },
      };
      return true;
    };

    await open();
    return async () => {
      stopped = true;
      clearTimeout(timer);
      timer = undefined;
      const was = current;
      current = null;
      await was?.close();
    };
  }
}

export const liveFeed = new LiveFeed();
