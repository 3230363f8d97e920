// Fans committed-change notices out to subscribers per org. The server's LISTEN connection feeds it.
import type pg from 'pg';

export interface LiveMessage {
  orgId: string;
  streamId: string;
  type: string;
}

type Listener = (msg: LiveMessage) => void;

class LiveFeed {
  private readonly byOrg = new Map<string, Set<Listener>>();

  subscribe(orgId: string, listener: Listener): () => void {
    const set = this.byOrg.get(orgId) ?? new Set();
    set.add(listener);
    this.byOrg.set(orgId, set);
    return () => set.delete(listener);
  }

  publish(msg: LiveMessage): void {
    for (const listener of this.byOrg.get(msg.orgId) ?? []) listener(msg);
  }

  /** Listens on the `events` channel that appendToStream notifies in each committing transaction. */
  async listen(pool: pg.Pool): Promise<() => Promise<void>> {
    const client = await pool.connect();
    // the database going away (shutdown, restart) ends live updates; it must not crash the server
    client.on('error', (e) => console.error(`[live] listener connection lost: ${e.message}`));
    client.on('notification', (n) => {
      if (n.channel !== 'events' || !n.payload) return;
      const { orgId, streamId, types } = JSON.parse(n.payload) as { orgId: string; streamId: string; types: string[] };
      for (const type of types) this.publish({ orgId, streamId, type });
    });
    await client.query('LISTEN events');
    return async () => {
      await client.query('UNLISTEN events').catch(() => {});
      client.release();
    };
  }
}

export const liveFeed = new LiveFeed();
