// Environment → settings, read once at start.
import path from 'node:path';

export function settingsFromEnv(env: NodeJS.ProcessEnv) {
  const production = env.NODE_ENV === 'production';
  // issue 16: the dev SMS outbox hands out sign-in codes, so it exists only when asked for, never in production
  const smsOutbox = env.SMS_DEV_OUTBOX === 'true';
  if (smsOutbox && production) throw new Error('SMS_DEV_OUTBOX=true is for development and tests, not NODE_ENV=production');
  return {
    port: Number(env.PORT ?? 8080),
    // loopback unless told otherwise: a development machine should not serve its network by default
    host: env.HOST ?? '127.0.0.1',
    dataDir: path.resolve(env.DATA_DIR ?? './data'),
    databaseUrl: env.DATABASE_URL || undefined,
    seedDemo: env.SEED_DEMO !== 'false',
    demoPassword: env.DEMO_PASSWORD ?? 'demo1234',
    smsAdapter: env.SMS_ADAPTER ?? (smsOutbox ? 'console' : 'none'),
    smsOutbox,
    // OUTBOUND_ALLOW=tracker.internal,10.0.0.5:8080: hosts an org's issue tracker may be at besides public ones
    outboundAllow: (env.OUTBOUND_ALLOW ?? '').split(',').map((s) => s.trim()).filter(Boolean),
    staticDir: path.resolve(env.STATIC_DIR ?? './dist'),
  };
}
