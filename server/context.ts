// What every server module gets: the store, the clock, the SMS adapter and the settings.
import type { Kysely } from 'kysely';
import type { Database } from './store/schema.ts';
import type { SmsAdapter } from './sms/SmsAdapter.ts';
import type { AnonymousLimitName } from '../domain/anonymousLimits.ts';
import type { ServiceEditionOffer } from '../domain/servicePlan.ts';

export interface ServerSettings {
  /** 'console' (codes kept for the dev outbox), 'http' (a gateway) or 'none' (SMS sign-in refused) */
  smsAdapter: string;
  /** §9 the initial password of accounts made for someone: the deployment's secret (settings.ts defaultPasswordFromEnv) */
  defaultPassword: string;
  /** SMS_DEV_OUTBOX=true: GET /v1/dev/smsoutbox answers loopback callers with the console adapter's codes */
  smsOutbox: boolean;
  /** host[:port] entries an org-configured outbound call (issue tracker) may reach besides public addresses */
  outboundAllow?: string[];
  /**
   * issue 29: addresses or CIDR ranges of the reverse proxies in front of the server (TRUST_PROXY). Only from these is
   * X-Forwarded-For believed; request.ip, which every per-address limit counts, is otherwise the connection's peer.
   */
  trustProxy?: string[];
  /**
   * Test servers only (server/main.ts never sets it): other bounds than domain/anonymousLimits.ts, for a test file whose
   * many calls all come from 127.0.0.1 and are about other rules.
   */
  anonymousLimits?: Partial<Record<AnonymousLimitName, number>>;
  /** where a bank transfer goes (PAYMENT_BANK_PAYEE, PAYMENT_BANK_NAME, PAYMENT_BANK_ACCOUNT) */
  bankAccount?: { payee: string; bank: string; account: string };
  /**
   * issues 34, 35: 'simulated' turns on the stand-in payment gateway (server/payments/PaymentAdapter.ts) for fruit and
   * service orders: tests and development only (PAYMENT_GATEWAY=simulated); absent, every order is paid offline
   */
  paymentGateway?: 'simulated';
  /** issue 35: the service plan editions sold (SERVICE_EDITIONS); absent: DEFAULT_SERVICE_EDITIONS */
  serviceEditions?: ServiceEditionOffer[];
  /** issue 33: ms between rounds of camera health checks (DEVICE_HEALTH_EVERY_MS); unset or 0: no schedule */
  deviceHealthEveryMs?: number;
  /**
   * issue 33: the origins of the media servers the live wall plays from (MEDIA_ORIGINS, settings.ts
   * mediaOriginsFromEnv): the console's CSP adds exactly these to connect-src and media-src; none when absent.
   */
  mediaOrigins?: string[];
}

export interface ModuleContext {
  db: Kysely<Database>;
  clock: () => Date;
  sms: SmsAdapter;
  settings: ServerSettings;
}
