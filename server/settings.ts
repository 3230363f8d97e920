// Environment → settings, read once at start.
import crypto from 'node:crypto';
import path from 'node:path';
import { DEFAULT_PASSWORD_ENV } from '../domain/constants.ts';
import { defaultPasswordProblem } from '../domain/initialPassword.ts';
import { DEFAULT_SERVICE_EDITIONS, serviceEditionsProblem, type ServiceEditionOffer } from '../domain/servicePlan.ts';

/**
 * §9 the default password of accounts made for someone (issue 27): DEFAULT_USER_PASSWORD, required in production;
 * elsewhere a random one per process (new accounts then sign in by SMS, or a manager sets a password), never the
 * demo password. The first sign-in with it must change it (server/http/auth.ts).
 */
export function defaultPasswordFromEnv(env: NodeJS.ProcessEnv, demoPassword: string): { defaultPassword: string; defaultPasswordConfigured: boolean } {
  const configured = env[DEFAULT_PASSWORD_ENV];
  if (!configured) {
    if (env.NODE_ENV === 'production') throw new Error(`${DEFAULT_PASSWORD_ENV} is required when NODE_ENV=production: the initial password of new accounts`);
    return { defaultPassword: crypto.randomBytes(18).toString('base64url'), defaultPasswordConfigured: false };
  }
  const problem = defaultPasswordProblem(configured, demoPassword);
  if (problem) throw new Error(problem);
  return { defaultPassword: configured, defaultPasswordConfigured: true };
}

export function settingsFromEnv(env: NodeJS.ProcessEnv) {
  const production = env.NODE_ENV === 'production';
  // issue 16: the dev SMS outbox hands out sign-in codes, so it exists only when asked for, never in production
  const smsOutbox = env.SMS_DEV_OUTBOX === 'true';
  if (smsOutbox && production) throw new Error('SMS_DEV_OUTBOX=true is for development and tests, not NODE_ENV=production');
  // issue 35: PAYMENT_SIMULATED=true is the older name of PAYMENT_GATEWAY=simulated (one gateway for every order now)
  const paymentSimulated = env.PAYMENT_SIMULATED === 'true';
  if (paymentSimulated && production) throw new Error('PAYMENT_SIMULATED=true is for development and tests, not NODE_ENV=production');
  const demoPassword = env.DEMO_PASSWORD ?? 'demo1234';
  const initial = defaultPasswordFromEnv(env, demoPassword);
  return {
    port: Number(env.PORT ?? 8080),
    // loopback unless told otherwise: a development machine should not serve its network by default
    host: env.HOST ?? '127.0.0.1',
    dataDir: path.resolve(env.DATA_DIR ?? './data'),
    databaseUrl: env.DATABASE_URL || undefined,
    seedDemo: env.SEED_DEMO !== 'false',
    demoPassword,
    ...initial,
    smsAdapter: env.SMS_ADAPTER ?? (smsOutbox ? 'console' : 'none'),
    smsOutbox,
    // OUTBOUND_ALLOW=tracker.internal,10.0.0.5:8080: hosts an org's issue tracker may be at besides public ones
    outboundAllow: (env.OUTBOUND_ALLOW ?? '').split(',').map((s) => s.trim()).filter(Boolean),
    // issue 33: camera health checks every minute unless told otherwise (0 turns them off)
    deviceHealthEveryMs: deviceHealthEveryFromEnv(env.DEVICE_HEALTH_EVERY_MS),
    // issue 33: MEDIA_ORIGINS=https://media.example.cn,…: the media servers whose streams the live wall may play (CSP)
    mediaOrigins: mediaOriginsFromEnv(env.MEDIA_ORIGINS),
    staticDir: path.resolve(env.STATIC_DIR ?? './dist'),
    trustProxy: trustProxyFromEnv(env.TRUST_PROXY),
    bankAccount: { payee: env.PAYMENT_BANK_PAYEE ?? '', bank: env.PAYMENT_BANK_NAME ?? '', account: env.PAYMENT_BANK_ACCOUNT ?? '' },
    // issues 34, 35: PAYMENT_GATEWAY=simulated pays fruit and service orders at once (development and tests); a real
    // gateway is a later adapter (server/payments/PaymentAdapter.ts)
    paymentGateway: paymentGatewayFromEnv(env.PAYMENT_GATEWAY ?? (paymentSimulated ? 'simulated' : undefined), production),
    serviceEditions: serviceEditionsFromEnv(env.SERVICE_EDITIONS),
  };
}

/**
 * TRUST_PROXY=127.0.0.1,10.0.0.0/8: the reverse proxies whose X-Forwarded-For names the client (issue 29). A list of
 * addresses or CIDR ranges only: "true" or a hop count would let any client name its own address and slip past the
 * per-address limits, so they are refused at start.
 */
export function trustProxyFromEnv(value: string | undefined): string[] {
  const entries = (value ?? '').split(',').map((s) => s.trim()).filter(Boolean);
  for (const entry of entries) {
    if (!/^[0-9a-fA-F:.]+(\/\d{1,3})?$/.test(entry) || !/[.:]/.test(entry)) {
      throw new Error(`TRUST_PROXY lists the addresses or CIDR ranges of trusted proxies (e.g. 127.0.0.1,10.0.0.0/8), not "${entry}"`);
    }
  }
  return entries;
}

/**
 * MEDIA_ORIGINS=https://media.example.cn,http://10.0.0.5:8000: the origins of the media servers whose streams the
 * bright-kitchen live wall plays (issue 33). The console's Content-Security-Policy lets the page fetch and play from
 * these and no others (server/http/securityHeaders.ts). Each entry is an http(s) origin, scheme://host[:port] and
 * nothing more: a path, a wildcard or another scheme is refused at start, so a typo never widens the policy.
 * Unset: none (the wall plays nothing from elsewhere).
 */
export function mediaOriginsFromEnv(value: string | undefined): string[] {
  const entries = (value ?? '').split(',').map((s) => s.trim()).filter(Boolean);
  return [...new Set(entries.map((entry) => {
    let url: URL | null = null;
    try { url = new URL(entry); } catch { /* refused below */ }
    const origin = url && (url.protocol === 'http:' || url.protocol === 'https:') ? url.origin : null;
    // the origin as the browser writes it; "https://a.cn/" (its root) is taken as "https://a.cn"
    if (!origin || entry.includes('*') || (entry !== origin && entry !== `${origin}/`) || url!.username || url!.password) {
      throw new Error(`MEDIA_ORIGINS lists the http(s) origins of media servers (e.g. https://media.example.cn,http://10.0.0.5:8000), not "${entry}"`);
    }
    return origin;
  }))];
}

/** DEVICE_HEALTH_EVERY_MS: ms between rounds of camera health checks; a minute unless told; 0 turns them off. */
export function deviceHealthEveryFromEnv(value: string | undefined): number {
  if (value === undefined || value === '') return 60_000;
  const ms = Number(value);
  if (!Number.isInteger(ms) || ms < 0 || (ms > 0 && ms < 1_000)) throw new Error(`DEVICE_HEALTH_EVERY_MS is 0 (off) or a whole number of ms, at least 1000, not "${value}"`);
  return ms;
}

/** PAYMENT_GATEWAY: 'simulated' (development and tests only) or nothing (members pay at school). */
export function paymentGatewayFromEnv(value: string | undefined, production: boolean): 'simulated' | undefined {
  if (!value) return undefined;
  if (value !== 'simulated') throw new Error(`PAYMENT_GATEWAY: only "simulated" exists yet, not "${value}"`);
  if (production) throw new Error('PAYMENT_GATEWAY=simulated is for development and tests, not NODE_ENV=production');
  return value;
}

/**
 * SERVICE_EDITIONS: the service plan editions this deployment sells (payToBuy, issue 35), a JSON list of
 * {key, name, userLimit, yearlyPrice}; unset: DEFAULT_SERVICE_EDITIONS (domain/servicePlan.ts, README). A list that
 * cannot be used stops the start, so no order is ever priced from a typo.
 */
export function serviceEditionsFromEnv(value: string | undefined): ServiceEditionOffer[] {
  if (!value?.trim()) return DEFAULT_SERVICE_EDITIONS.map((e) => ({ ...e }));
  let parsed: unknown;
  try { parsed = JSON.parse(value); } catch { throw new Error('SERVICE_EDITIONS is not JSON: a list of {key, name, userLimit, yearlyPrice}'); }
  const problem = serviceEditionsProblem(parsed);
  if (problem) throw new Error(problem);
  return (parsed as ServiceEditionOffer[]).map(({ key, name, userLimit, yearlyPrice }) => ({ key, name: name.trim(), userLimit, yearlyPrice }));
}
