// Calls to addresses an org configured (its issue tracker): issue 16 found them reaching internal services.
// The URL is checked first (domain/ipAddress.ts), then every address the host resolves to is checked at
// connect time by our own lookup, so a DNS answer cannot swap in an internal address after the check
// (the connection uses exactly the address that passed). No redirects are followed; answers are capped.
import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { isAllowedHost, isPublicAddress, outboundUrlRefusal } from '../../domain/ipAddress.ts';

export class OutboundRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'OutboundRefused';
  }
}

const MAX_BYTES = 1024 * 1024;

type Resolve = (hostname: string, options: dns.LookupAllOptions, callback: (err: NodeJS.ErrnoException | null, addresses: dns.LookupAddress[]) => void) => void;

/**
 * A `fetch` for org-configured addresses: public ones only (or `allowed` host[:port] entries). `resolve` is
 * the system resolver; tests hand in one whose answers they choose.
 */
export function outboundFetch(allowed: readonly string[], resolve: Resolve = dns.lookup): typeof fetch {
  return (async (input: string | URL | Request, init: RequestInit = {}) => {
    const raw = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const refusal = outboundUrlRefusal(raw, allowed);
    if (refusal) throw new OutboundRefused(refusal);
    const url = new URL(raw);
    const trusted = isAllowedHost(url, allowed);
    const lookup: LookupFunction = (hostname, options, callback) => {
      resolve(hostname, { ...options, all: true }, (err, list) => {
        if (err) return callback(err, '', 4);
        const bad = list.find((a) => !trusted && !isPublicAddress(a.address));
        if (bad || !list.length) return callback(new OutboundRefused('不允许访问内部地址'), '', 4);
        if ((options as { all?: boolean }).all) return (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, list);
        callback(null, list[0].address, list[0].family);
      });
    };
    const body = typeof init.body === 'string' ? init.body : undefined;
    return new Promise<Response>((resolve, reject) => {
      const req = (url.protocol === 'https:' ? https : http).request(url, {
        method: init.method ?? 'GET', headers: init.headers as Record<string, string>, lookup, timeout: 10_000,
      }, (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (c: Buffer) => {
          size += c.length;
          if (size > MAX_BYTES) req.destroy(new OutboundRefused('返回内容过大'));
          else chunks.push(c);
        });
        res.on('end', () => {
          const status = res.statusCode ?? 502;
          // a Response refuses a body with these statuses
          resolve(new Response([204, 205, 304].includes(status) ? null : Buffer.concat(chunks), { status }));
        });
        res.on('error', reject);
      });
      req.on('timeout', () => req.destroy(new Error('timeout')));
      req.on('error', reject);
      init.signal?.addEventListener('abort', () => req.destroy(new Error('aborted')));
      req.end(body);
    });
  }) as typeof fetch;
}
