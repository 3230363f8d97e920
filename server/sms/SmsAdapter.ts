// SMS delivery is a third party we cannot run here: an interface, with the console adapter for
// development and an HTTP gateway adapter for production.
export interface SmsAdapter {
  readonly name: string;
  send(phoneNumber: string, code: string, purpose: string): Promise<void>;
  /** Only the console adapter keeps an outbox (GET /v1/dev/smsoutbox). */
  latest?(phoneNumber: string): string | undefined;
}

/** Writes codes to the server log and remembers the latest per phone. */
export class ConsoleSmsAdapter implements SmsAdapter {
  readonly name = 'console';
  private readonly outbox = new Map<string, string>();
  constructor(private readonly log: (line: string) => void = (line) => console.log(line)) {}
  async send(phoneNumber: string, code: string, purpose: string): Promise<void> {
    this.outbox.set(phoneNumber, code);
    this.log(`[sms] ${purpose} code for ${phoneNumber}: ${code}`);
  }
  latest(phoneNumber: string): string | undefined {
    return this.outbox.get(phoneNumber);
  }
}

/**
 * Posts to an HTTP SMS gateway (SMS_GATEWAY_URL) as JSON {phoneNumber, code, purpose}, with
 * SMS_GATEWAY_TOKEN as a bearer token. Any non-2xx answer is a failed send.
 */
export class HttpSmsAdapter implements SmsAdapter {
  readonly name = 'http';
  constructor(private readonly url: string, private readonly token: string | undefined) {}
  async send(phoneNumber: string, code: string, purpose: string): Promise<void> {
    const res = await fetch(this.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(this.token ? { authorization: `Bearer ${this.token}` } : {}) },
      body: JSON.stringify({ phoneNumber, code, purpose }),
      signal: AbortSignal.timeout(10_000),
    });
    if (!res.ok) throw new Error(`SMS gateway answered ${res.status}`);
  }
}

export function smsAdapterFromEnv(env: NodeJS.ProcessEnv): SmsAdapter {
  const kind = env.SMS_ADAPTER ?? 'console';
  if (kind === 'console') return new ConsoleSmsAdapter();
  if (kind === 'http') {
    if (!env.SMS_GATEWAY_URL) throw new Error('SMS_ADAPTER=http needs SMS_GATEWAY_URL');
    return new HttpSmsAdapter(env.SMS_GATEWAY_URL, env.SMS_GATEWAY_TOKEN);
  }
  throw new Error(`unknown SMS_ADAPTER ${kind}`);
}
