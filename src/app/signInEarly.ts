// Issue 12: index.html carries the sign-in form rendered at build time (scripts/prerenderSignIn.ts), so the form is
// there at the first paint instead of after the entry's JavaScript. Until React hydrates it, a small inline script
// (scripts/prerenderSignIn.ts) keeps it working: a click on a tab shows that tab's pre-rendered form, a submit is
// held back and noted. This module is what the bundle reads of that: the tab to hydrate with, what was typed, the
// held submit.

export type SignInTab = 'sms' | 'password' | 'qr';

/** The state the inline script keeps on `window.__signIn`. */
export interface EarlySignIn {
  /** the pre-rendered form suits this visit (zh-CN, light, signed out, no org-app stored, on /login) */
  fits: boolean;
  /** the tab whose pre-rendered form is shown */
  tab: SignInTab;
  /** a tab clicked before hydration that has no pre-rendered form (QR): opened once React runs */
  wanted: SignInTab | null;
  /** a submit was held back before the form was live */
  submitted: boolean;
  /** data-testid of the other buttons clicked before hydration, in order */
  clicks: string[];
  /** hydrateRoot was called: from here React handles every event, the inline script does nothing more */
  hydrating: boolean;
  /** the form took over what was noted before hydration (goLive) */
  live: boolean;
}

declare global {
  interface Window {
    __signIn?: EarlySignIn;
  }
}

/** The tabs rendered at build time, each into its own copy of the page (the first is the one shown). */
export const PRERENDERED_TABS = ['sms', 'password'] as const satisfies readonly SignInTab[];

/** Build time only: the tab the page is being rendered with. */
let renderingTab: SignInTab | null = null;
export function setPrerenderTab(tab: SignInTab | null): void {
  renderingTab = tab;
}

const early = (): EarlySignIn | undefined => (typeof window === 'undefined' ? undefined : window.__signIn);

/** The tab the sign-in screen starts on: the pre-rendered one the page shows, else the first. */
export function initialSignInTab(): SignInTab {
  if (renderingTab) return renderingTab;
  const e = early();
  return e?.fits && !e.live ? e.tab : 'sms';
}

/** A tab asked for before hydration that the page could not show by itself (opened once React runs). */
export function takeWantedTab(): SignInTab | null {
  const e = early();
  const wanted = e?.wanted ?? null;
  if (e) e.wanted = null;
  return wanted;
}

export interface HeldBack {
  /** a submit was held back: to be done now, with what was typed */
  submitted: boolean;
  /** buttons clicked before hydration (data-testid), to be done now */
  clicks: string[];
}

/** The form is live: what was held back before hydration (once; nothing later). */
export function goLive(): HeldBack {
  const e = early();
  if (!e || e.live) return { submitted: false, clicks: [] };
  e.live = true;
  const held = { submitted: e.submitted, clicks: e.clicks };
  e.submitted = false;
  e.clicks = [];
  return held;
}

export function markHydrating(): void {
  const e = early();
  if (e) e.hydrating = true;
}
