// What every server module gets: the store, the clock, the SMS adapter and the settings.
import type { Kysely } from 'kysely';
import type { Database } from './store/schema.ts';
import type { SmsAdapter } from './sms/SmsAdapter.ts';

export interface ServerSettings {
  /** 'console' exposes /v1/dev/smsoutbox; any other adapter does not */
  smsAdapter: string;
  demoPassword: string;
  /** development mode: the SMS code may be used as password (§7) */
  dev: boolean;
}

export interface ModuleContext {
  db: Kysely<Database>;
  clock: () => Date;
  sms: SmsAdapter;
  settings: ServerSettings;
}
