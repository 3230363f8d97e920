// Password hashing with node:crypto scrypt: salted, self-describing `scrypt$N$r$p$salt$hash`
// (salt and hash base64url), compared in constant time.
import crypto from 'node:crypto';

const PARAMS = { N: 16384, r: 8, p: 1 } as const;
const KEY_LENGTH = 32;
const SALT_BYTES = 16;
/** scrypt needs 128·N·r·p bytes; leave headroom above that. */
const maxmemFor = (N: number, r: number, p: number) => 256 * N * r * p;

function scrypt(password: string, salt: Buffer, N: number, r: number, p: number, keylen: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    crypto.scrypt(password.normalize('NFKC'), salt, keylen, { N, r, p, maxmem: maxmemFor(N, r, p) }, (err, key) => (err ? reject(err) : resolve(key)));
  });
}

export async function hashPassword(password: string): Promise<string> {
  const salt = crypto.randomBytes(SALT_BYTES);
  const { N, r, p } = PARAMS;
  const key = await scrypt(password, salt, N, r, p, KEY_LENGTH);
  return ['scrypt', N, r, p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

/** False for a wrong password and for anything that is not a hash of ours (never throws on bad input). */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [N, r, p] = parts.slice(1, 4).map(Number);
  // Refuse absurd parameters from a tampered row instead of burning memory on them.
  if (![N, r, p].every(Number.isInteger) || N < 2 || N > 2 ** 20 || (N & (N - 1)) !== 0 || r < 1 || r > 32 || p < 1 || p > 16) return false;
  const salt = Buffer.from(parts[4], 'base64url');
  const expected = Buffer.from(parts[5], 'base64url');
  if (salt.length === 0 || expected.length === 0) return false;
  const actual = await scrypt(password, salt, N, r, p, expected.length);
  return crypto.timingSafeEqual(actual, expected);
}

let dummy: Promise<string> | undefined;
/** A hash to verify against when the user does not exist, so both answers take the same time. */
export function dummyPasswordHash(): Promise<string> {
  dummy ??= hashPassword(crypto.randomBytes(16).toString('hex'));
  return dummy;
}
