// §7 external issue tracker (org config `rd`: url, customApiUrl): groups and group users on the tracker's API
// (`url`), users and group membership through its custom API (`customApiUrl`: nutriusers, nutrigroup,
// nutrigroupdelusers). Every call is retried up to 5 times 600 ms apart (domain/retry.ts) and accepts only
// its own statuses (200, 201 or 422); §8 after the last try the error joins the failures, else generic.
// A failure names the tracker's HTTP status, never its body: the address is an org's setting, and an answer
// shown back would read any service the server can reach (issue 16).
import { retry, type RetryOptions } from '../../../domain/retry.ts';
import { OutboundRefused } from '../../http/outboundFetch.ts';

export interface RdConfig {
  /** the tracker's API root, e.g. https://tracker.example/api/v4 */
  url: string;
  /** the custom API root for users and memberships; `url` when absent */
  customApiUrl?: string;
}

export interface IssueTrackerGroup { id: string; name: string }
export interface IssueTrackerUser { username: string; name: string }

export interface IssueTrackerClient {
  /** the group of that exact name, or null */
  findGroup(name: string): Promise<IssueTrackerGroup | null>;
  createGroup(name: string): Promise<IssueTrackerGroup>;
  groupUsers(groupId: string): Promise<IssueTrackerUser[]>;
  /** makes sure the tracker knows these users (already known: 422, accepted) */
  ensureUsers(users: IssueTrackerUser[]): Promise<void>;
  addGroupUsers(groupId: string, usernames: string[]): Promise<void>;
  removeGroupUsers(groupId: string, usernames: string[]): Promise<void>;
}

/** One failed call: its HTTP status (0 and an empty text when none came, so §8 falls back to the generic error). */
export class IssueTrackerCallError extends Error {
  constructor(readonly status: number, message = status ? `问题跟踪系统返回 HTTP ${status}` : '', readonly refused = false) {
    super(message);
    this.name = 'IssueTrackerCallError';
  }
}

export interface HttpIssueTrackerOptions extends RetryOptions {
  fetch?: typeof fetch;
  /** per-attempt timeout */
  timeoutMs?: number;
}

const trimSlash = (s: string) => s.replace(/\/+$/, '');

/** The real client: fetch against the configured roots. */
export class HttpIssueTrackerClient implements IssueTrackerClient {
  private readonly api: string;
  private readonly custom: string;
  private readonly fetchImpl: typeof fetch;

  constructor(config: RdConfig, private readonly opts: HttpIssueTrackerOptions = {}) {
    this.api = trimSlash(config.url);
    this.custom = trimSlash(config.customApiUrl || config.url);
    this.fetchImpl = opts.fetch ?? fetch;
  }

  /** One call, retried; resolves with the status and parsed body of the first accepted answer. */
  private call(method: string, url: string, accepted: number[], body?: unknown): Promise<{ status: number; body: unknown }> {
    return retry(async () => {
      const res = await this.fetchImpl(url, {
        method,
        headers: { accept: 'application/json', ...(body !== undefined && { 'content-type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(this.opts.timeoutMs ?? 10_000),
      }).catch((e: unknown) => {
        // an address the server may not call: said plainly, not as a failed request
        throw e instanceof OutboundRefused ? new IssueTrackerCallError(0, e.message, true) : new IssueTrackerCallError(0);
      });
      if (!accepted.includes(res.status)) throw new IssueTrackerCallError(res.status);
      const text = await res.text();
      let parsed: unknown = text;
      try { parsed = text ? JSON.parse(text) : null; } catch { /* plain text answer */ }
      return { status: res.status, body: parsed };
    }, this.opts);
  }

  async findGroup(name: string): Promise<IssueTrackerGroup | null> {
    const { body } = await this.call('GET', `${this.api}/groups?search=${encodeURIComponent(name)}`, [200]);
    const rows = Array.isArray(body) ? body as { id: string | number; name: string }[] : [];
    const hit = rows.find((g) => g.name === name);
    return hit ? { id: String(hit.id), name: hit.name } : null;
  }

  async createGroup(name: string): Promise<IssueTrackerGroup> {
    const { status, body } = await this.call('POST', `${this.api}/groups`, [201, 422], { name, path: name });
    if (status === 201 && body && typeof body === 'object' && 'id' in body) return { id: String((body as { id: string | number }).id), name };
    // 422: someone created it meanwhile; take that one
    const found = await this.findGroup(name);
    if (!found) throw new IssueTrackerCallError(status);
    return found;
  }

  async groupUsers(groupId: string): Promise<IssueTrackerUser[]> {
    const { body } = await this.call('GET', `${this.api}/groups/${encodeURIComponent(groupId)}/members`, [200]);
    return (Array.isArray(body) ? body as { username: string; name?: string }[] : []).map((u) => ({ username: String(u.username), name: u.name ?? '' }));
  }

  async ensureUsers(users: IssueTrackerUser[]): Promise<void> {
    if (users.length) await this.call('POST', `${this.custom}/nutriusers`, [200, 201, 422], { users });
  }

  async addGroupUsers(groupId: string, usernames: string[]): Promise<void> {
    if (usernames.length) await this.call('POST', `${this.custom}/nutrigroup`, [200, 201, 422], { groupId, users: usernames });
  }

  async removeGroupUsers(groupId: string, usernames: string[]): Promise<void> {
    if (usernames.length) await this.call('POST', `${this.custom}/nutrigroupdelusers`, [200, 201], { groupId, users: usernames });
  }
}
