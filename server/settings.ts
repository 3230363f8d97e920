// Environment → settings, read once at start.
import path from 'node:path';

export function settingsFromEnv(env: NodeJS.ProcessEnv) {
  return {
    port: Number(env.PORT ?? 8080),
    host: env.HOST ?? '0.0.0.0',
    dataDir: path.resolve(env.DATA_DIR ?? './data'),
    databaseUrl: env.DATABASE_URL || undefined,
    seedDemo: env.SEED_DEMO !== 'false',
    demoPassword: env.DEMO_PASSWORD ?? 'demo1234',
    smsAdapter: env.SMS_ADAPTER ?? 'console',
    dev: env.NODE_ENV !== 'production',
    staticDir: path.resolve(env.STATIC_DIR ?? './dist'),
  };
}
