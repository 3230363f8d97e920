// SMS delivery is a third party we cannot run here: an interface, with the console adapter for
// development and tests, an HTTP gateway adapter for production, and "none" when neither is configured.
export interface SmsAdapter {
  readonly name: string;
  send(phoneNumber: string, code: string, purpose: string): Promise<void>;
  /**
   * A notice (no code): a template the SMS provider has approved, and its parameters, as Chinese SMS providers take
   * them (activityCancelled: {org, title, reason}; activityPromoted: {org, title, startsAt}).
   */
  notify(phoneNumber: string, notice: SmsNotice): Promise<void>;
  /** Only the console adapter keeps an outbox (GET /v1/dev/smsoutbox). */
  latest?(phoneNumber: string): string | undefined;
  /** Only the console adapter keeps the notices it "sent" (GET /v1/dev/smsnotices), the latest last. */
  notices?(phoneNumber: string): SmsNotice[];
}

export interface SmsNotice { template: string; params: Record<string, string> }

/** No SMS service configured: every code request is refused before a code is made (issue 16). */
export const NO_SMS: SmsAdapter = {
  name: 'none',
  async send() {
    throw new Error('no SMS adapter configured');
  },
  async notify() {
    throw new Error('no SMS adapter configured');
  },
};

/** The notices the console adapter keeps per phone: enough for a developer to read the last few. */
const NOTICES_KEPT = 20;

/**
 * Keeps the latest code per phone in memory for the dev outbox. It never writes a code to the log: logs
 * are read by more people than should sign in as anyone (issue 16).
 */
export class ConsoleSmsAdapter implements SmsAdapter {
  readonly name = 'console';
  private readonly outbox = new Map<string, string>();
  constructor(private readonly log: (line: string) => void = (line) => console.log(line)) {}
  async send(phoneNumber: string, code: string, purpose: string): Promise<void> {
    this.outbox.set(phoneNumber, code);
    this.log(`[sms] ${purpose} code for ${phoneNumber} is in the dev outbox`);
  }
  latest(phoneNumber: string): string | undefined {
    return this.outbox.get(phoneNumber);
  }
  private readonly noticeOutbox = new Map<string, SmsNotice[]>();
  async notify(phoneNumber: string, notice: SmsNotice): Promise<void> {
    this.noticeOutbox.set(phoneNumber, [...(this.noticeOutbox.get(phoneNumber) ?? []), notice].slice(-NOTICES_KEPT));
    this.log(`[sms] ${notice.template} notice for ${phoneNumber} is in the dev outbox`);
  }
  notices(phoneNumber: string): SmsNotice[] {
    return this.noticeOutbox.get(phoneNumber) ?? [];
  }
}

/**
 * Posts to an HTTP SMS gateway (SMS_GATEWAY_URL) as JSON {phoneNumber, code, purpose} (a notice: {phoneNumber,
 * template, params}), with
 * SMS_GATEWAY_TOKEN as a bearer token. Any non-2xx answer is a failed send.
 */
export class HttpSmsAdapter implements SmsAdapter {
  readonly name = 'http';
  constructor(private readonly url: string, private readonly token: string | undefined) {}
  send(phoneNumber: string, code: string, purpose: string): Promise<void> {
    return this.post({ phoneNumber, code, purpose });
  }
  /** Posts {phoneNumber, template, params} to the same gateway: it maps the template to the provider's approved one. */
  notify(phoneNumber: string, notice: SmsNotice): Promise<void> {
    return this.post({ phoneNumber, template: notice.template, params: notice.params });
  }
  private async post(body: object): Promise<void> {
    const res = await fetch(this.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(this.token ? { authorization: `Bearer ${this.token}` } : {}) },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(10_000),
    });
    if (!res.ok) throw new Error(`SMS gateway answered ${res.status}`);
  }
}

/** `kind` is settings.smsAdapter: 'console' only with the dev outbox on, 'http' with a gateway, else 'none'. */
export function smsAdapterFromEnv(kind: string, env: NodeJS.ProcessEnv): SmsAdapter {
  if (kind === 'none') return NO_SMS;
  if (kind === 'console') {
    // codes the console adapter keeps are readable only through the outbox: without it they would go nowhere
    if (env.SMS_DEV_OUTBOX !== 'true') throw new Error('SMS_ADAPTER=console needs SMS_DEV_OUTBOX=true');
    return new ConsoleSmsAdapter();
  }
  if (kind === 'http') {
    if (!env.SMS_GATEWAY_URL) throw new Error('SMS_ADAPTER=http needs SMS_GATEWAY_URL');
    return new HttpSmsAdapter(env.SMS_GATEWAY_URL, env.SMS_GATEWAY_TOKEN);
  }
  throw new Error(`unknown SMS_ADAPTER ${kind}`);
}
