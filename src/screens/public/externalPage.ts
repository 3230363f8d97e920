// §2 groupon, recommend and recommend/share open an external mobile page; which one depends on whether the
// address contains /beta/ or localhost. The bases are deployment settings (VITE_MOBILE_BASE_*): a deployment
// without them has no mobile site, and these pages say so instead of framing this server's JSON 404 (issue 28;
// the fruit mall, issue 34, builds them).
const env = import.meta.env as Record<string, string | undefined>;

export type MobileEnvironment = 'local' | 'beta' | 'production';

export function mobileEnvironment(href: string = window.location.href): MobileEnvironment {
  if (/\/\/(localhost|127\.0\.0\.1)(:\d+)?\//.test(href) || href.includes('localhost')) return 'local';
  if (href.includes('/beta/')) return 'beta';
  return 'production';
}

/** The mobile site's base for the environment, or null when this deployment has none configured. */
export function mobileBase(environment: MobileEnvironment = mobileEnvironment()): string | null {
  const base = environment === 'local' ? env.VITE_MOBILE_BASE_LOCAL : environment === 'beta' ? env.VITE_MOBILE_BASE_BETA : env.VITE_MOBILE_BASE;
  return base?.trim() ? base.trim().replace(/\/+$/, '') : null;
}

/** The external page of `page`, with its {placeholders} filled in; null when there is no mobile site. */
export function mobilePageUrl(page: string, params: Record<string, string> = {}, template = `#/${page}`): string | null {
  const base = mobileBase();
  if (base === null) return null;
  const filled = template.replace(/\{(\w+)\}/g, (_, k: string) => encodeURIComponent(params[k] ?? ''));
  return `${base}/${filled}`;
}
