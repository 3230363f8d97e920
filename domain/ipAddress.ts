// IP address classes for the server's own trust decisions (issue 16): who may read the dev SMS outbox
// (loopback only) and which addresses an outbound call may reach (public ones only).
/** IPv4 dotted quad → 32-bit number, or null. */
function v4Number(ip: string): number | null {
  const parts = ip.split('.');
  if (parts.length !== 4) return null;
  let n = 0;
  for (const p of parts) {
    if (!/^\d{1,3}$/.test(p) || Number(p) > 255) return null;
    n = n * 256 + Number(p);
  }
  return n;
}

/** '::ffff:1.2.3.4' (an IPv4 address carried in IPv6) → '1.2.3.4'; anything else unchanged. */
export function unmapIPv4(ip: string): string {
  const m = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(ip);
  return m ? m[1] : ip;
}

export function isLoopbackAddress(ip: string): boolean {
  const a = unmapIPv4(ip);
  const n = v4Number(a);
  if (n !== null) return n >>> 24 === 127;
  return a === '::1';
}

// IPv4 ranges that are not the public internet: this host, private networks, carrier NAT, link-local
// (cloud metadata lives at 169.254.169.254), benchmarking, documentation, multicast and reserved.
const V4_NON_PUBLIC: Array<[string, number]> = [
  ['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12],
  ['192.0.0.0', 24], ['192.0.2.0', 24], ['192.88.99.0', 24], ['192.168.0.0', 16], ['198.18.0.0', 15],
  ['198.51.100.0', 24], ['203.0.113.0', 24], ['224.0.0.0', 4], ['240.0.0.0', 4],
];

function inV4Range(n: number, base: string, bits: number): boolean {
  const mask = bits === 0 ? 0 : (0xffffffff << (32 - bits)) >>> 0;
  return ((n & mask) >>> 0) === ((v4Number(base)! & mask) >>> 0);
}

/** IPv6 text → its eight 16-bit groups, or null. */
function v6Groups(ip: string): number[] | null {
  let text = ip.toLowerCase().replace(/%.*$/, '');
  const v4 = /(\d{1,3}(?:\.\d{1,3}){3})$/.exec(text);
  if (v4) {
    const n = v4Number(v4[1]);
    if (n === null) return null;
    text = text.slice(0, -v4[1].length) + `${(n >>> 16).toString(16)}:${(n & 0xffff).toString(16)}`;
  }
  const halves = text.split('::');
  if (halves.length > 2) return null;
  const head = halves[0] ? halves[0].split(':') : [];
  const tail = halves.length === 2 && halves[1] ? halves[1].split(':') : [];
  const fill = halves.length === 2 ? 8 - head.length - tail.length : 0;
  const groups = [...head, ...Array(Math.max(fill, 0)).fill('0'), ...tail];
  if (groups.length !== 8 || groups.some((g) => !/^[0-9a-f]{1,4}$/.test(g))) return null;
  return groups.map((g) => parseInt(g, 16));
}

/**
 * Whether an address is on the public internet. Anything unparsable, private, loopback, link-local,
 * unique-local, multicast, or an IPv4 address of those classes carried inside IPv6 (mapped, NAT64,
 * 6to4) is not.
 */
export function isPublicAddress(ip: string): boolean {
  const n = v4Number(ip);
  if (n !== null) return !V4_NON_PUBLIC.some(([base, bits]) => inV4Range(n, base, bits));
  if (!ip.includes(':')) return false;
  const g = v6Groups(ip);
  if (!g) return false;
  const embeddedV4 = (hi: number, lo: number) => `${hi >>> 8}.${hi & 255}.${lo >>> 8}.${lo & 255}`;
  if (g.slice(0, 5).every((x) => x === 0) && (g[5] === 0xffff || g[5] === 0)) {
    // ::ffff:a.b.c.d (mapped), ::a.b.c.d (compatible), :: and ::1
    return g[5] === 0xffff ? isPublicAddress(embeddedV4(g[6], g[7])) : false;
  }
  if (g[0] === 0x64 && g[1] === 0xff9b) return isPublicAddress(embeddedV4(g[6], g[7])); // NAT64 64:ff9b::/96
  if (g[0] === 0x2002) return isPublicAddress(embeddedV4(g[1], g[2])); // 6to4
  if ((g[0] & 0xfe00) === 0xfc00) return false; // unique local fc00::/7
  if ((g[0] & 0xffc0) === 0xfe80) return false; // link-local fe80::/10
  if ((g[0] & 0xff00) === 0xff00) return false; // multicast
  if (g[0] === 0x2001 && g[1] === 0x0db8) return false; // documentation
  if (g[0] === 0x0100 && g[1] === 0 && g[2] === 0 && g[3] === 0) return false; // discard-only 100::/64
  return true;
}

/**
 * Why an outbound URL the server is told to call (an org's issue tracker) is refused before any lookup, or
 * null: http(s) only, no credentials in it, no literal address that is not public (issue 16: SSRF). The
 * addresses a host name resolves to are checked again when connecting. `allowed` lists host[:port] entries
 * let through anyway (a tracker inside the network, the tests' stand-in on loopback).
 */
export function outboundUrlRefusal(raw: string, allowed: readonly string[] = []): string | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return '地址格式不正确';
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return '只允许 http 或 https 地址';
  if (url.username || url.password) return '地址中不能包含用户名或密码';
  if (isAllowedHost(url, allowed)) return null;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (host === 'localhost' || host.endsWith('.localhost')) return '不允许访问内部地址';
  const literal = v4Number(host) !== null || host.includes(':');
  if (literal && !isPublicAddress(host)) return '不允许访问内部地址';
  return null;
}

/** Whether the URL's host (or host:port) is on the allow list. */
export function isAllowedHost(url: URL, allowed: readonly string[]): boolean {
  const port = url.port || (url.protocol === 'https:' ? '443' : '80');
  const host = url.hostname.replace(/^\[|\]$/g, '');
  return allowed.some((a) => a === host || a === `${host}:${port}`);
}
