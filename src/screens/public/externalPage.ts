// §2 groupon, recommend and recommend/share open an external mobile page; which one depends on whether the
// address contains /beta/ or localhost. The bases are deployment settings (VITE_MOBILE_BASE_*).
const env = import.meta.env as Record<string, string | undefined>;

export type MobileEnvironment = 'local' | 'beta' | 'production';

export function mobileEnvironment(href: string = window.location.href): MobileEnvironment {
  if (/\/\/(localhost|127\.0\.0\.1)(:\d+)?\//.test(href) || href.includes('localhost')) return 'local';
  if (href.includes('/beta/')) return 'beta';
  return 'production';
}

export function mobileBase(environment: MobileEnvironment = mobileEnvironment()): string {
  const origin = window.location.origin;
  switch (environment) {
    case 'local':
      return env.VITE_MOBILE_BASE_LOCAL ?? `${origin}/mobile`;
    case 'beta':
      return env.VITE_MOBILE_BASE_BETA ?? `${origin}/beta/mobile`;
    default:
      return env.VITE_MOBILE_BASE ?? `${origin}/mobile`;
  }
}

/** The external page of `page`, with its {placeholders} filled in. */
export function mobilePageUrl(page: string, params: Record<string, string> = {}, template = `#/${page}`): string {
  const filled = template.replace(/\{(\w+)\}/g, (_, k: string) => encodeURIComponent(params[k] ?? ''));
  return `${mobileBase()}/${filled}`;
}
