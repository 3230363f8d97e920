// Vite plugin (issue 12): index.html carries the sign-in page rendered at build time, so the form is on screen and
// usable at the first paint instead of after the entry's JavaScript has loaded, run and rendered. React hydrates it
// (src/app/bootstrap.tsx). The page is rendered through Vite's SSR loader from the same modules as the bundle
// (src/app/prerender.tsx): once per pre-rendered tab, the first shown, the others kept in <template>s the inline
// script below swaps in when a tab is clicked before hydration; the Griffel styles they use go into the head.
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { Plugin } from 'vite';
import { MAINLAND_PHONE } from '../domain/phone.ts';

/**
 * Runs right after the pre-rendered `#root`, before the first paint (ES5, nothing to load). It keeps the markup only
 * when it is what this visit's first render would be (on /login or /, no stored session or org-app, zh-CN, light;
 * src/app/bootstrap.tsx checks the same again), else empties `#root` and the bundle renders as before. A remembered
 * user (§4: kept by logout, the daily case) gets the same form with his phone filled in, as the form's state starts.
 * Until React takes over it switches tabs by swapping in a `<template id="sign-in-<tab>">` copy of the page, moving the
 * theme's `<style>` over (a tab without a copy is noted and opened after hydration), and notes other button clicks
 * and submits (holding the submit back: a native one would reload the page with the password in the URL), which the
 * form does once it is live (src/app/signInEarly.ts reads what was noted). From hydrateRoot on, React handles clicks
 * and typing itself (it hydrates at once for them), but not a submit on markup it has not hydrated yet: submits stay
 * held until the form is live (a second LOGIN while signing in is ignored by the session machine). The server allows
 * exactly this script by its hash in the content security policy (server/http/securityHeaders.ts).
 */
export const SIGN_IN_EARLY_SCRIPT = `(function(){
var PHONE=${MAINLAND_PHONE};
var root=document.getElementById('root'),s=window.__signIn={fits:false,tab:'sms',wanted:null,submitted:false,clicks:[],hydrating:false,live:false};
function get(k){try{return localStorage.getItem(k)}catch(e){return null}}
var h=location.hash.replace(/^#/,'')||'/',l=get('meal.locale'),m=get('meal.themeMode');
s.fits=(h==='/'||h==='/login')&&location.search.indexOf('=')<0&&!get('meal.login')&&!get('meal.orgApp')&&(!l||l==='zh-CN')&&(!m||m==='light');
if(!s.fits){root.textContent='';return}
var u=null;try{u=JSON.parse(get('meal.user')||'null')}catch(e){}
var name=u&&typeof u.username==='string'?u.username:'';
function fill(){if(!name)return;var p=root.querySelector('[data-testid="login-phone"]'),n=root.querySelector('[data-testid="login-username"]');if(p&&PHONE.test(name))p.value=name;if(n)n.value=name}
fill();
root.addEventListener('click',function(e){
if(s.hydrating)return;
var b=e.target&&e.target.closest&&e.target.closest('button[data-testid]');
if(!b||b.type==='submit')return;
var id=b.getAttribute('data-testid');
if(id.indexOf('login-tab-')!==0){s.clicks.push(id);return}
var tab=id.slice(10),tpl=document.getElementById('sign-in-'+tab);
if(tab===s.tab)return;
if(!tpl){s.wanted=tab;return}
var st=root.querySelector('style');root.innerHTML=tpl.innerHTML;
if(st&&!root.querySelector('style')&&root.firstElementChild)root.firstElementChild.insertBefore(st,root.firstElementChild.firstChild);
s.tab=tab;s.wanted=null;s.clicks=[];fill();
var t=root.querySelector('[data-testid="'+id+'"]');if(t)t.focus();
});
root.addEventListener('submit',function(e){if(!s.live){e.preventDefault();s.submitted=true}},true);
})();`;

const ROOT = '<div id="root"></div>';

const ENTRY_TAGS = /<script type="module" crossorigin src="([^"]+)"><\/script>\s*|<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g;

/**
 * The entry loads this long after the form's first paint: those first moments are the person's (a click into a field,
 * the first keys are answered at once instead of waiting behind the module graph) and nothing needs the script yet
 * (the form works without it; a submit is held and replayed).
 */
const ENTRY_QUIET_MS = 200;

/** At the latest this long after the page started, the entry loads even if no paint was reported (a hidden tab). */
const ENTRY_FALLBACK_MS = 500;

/** Modulepreloads added per task once the form is on screen. */
const PRELOAD_BATCH = 6;

/**
 * The entry's module script and its modulepreloads leave the head for a loader at the end of the inline script: with
 * the pre-rendered form shown, they are added a moment after the browser reports the first contentful paint, so
 * parsing and running half a megabyte of JavaScript competes neither with painting a form that already works (typing,
 * tabs, a held submit) nor with the person's first click or keys; the form hydrates a moment later. When the
 * pre-rendered form does not fit this visit, they are added at once, as before.
 */
export function deferEntry(html: string): { rest: string; entry: string } {
  const scripts: string[] = [];
  const preloads: string[] = [];
  const rest = html.replace(ENTRY_TAGS, (_all, src?: string, href?: string) => {
    if (src) scripts.push(src);
    if (href) preloads.push(href);
    return '';
  });
  if (scripts.length !== 1) return { rest: html, entry: '' };
  // with the form on screen the links go in a few at a time, one task each: every modulepreload costs the main
  // thread about a millisecond to request, and a key pressed meanwhile waits for the task to end
  const entry = `(function(p,e){function link(h){var l=document.createElement('link');l.rel='modulepreload';l.crossOrigin='';l.href=h;document.head.appendChild(l)}`
    + `function script(){var s=document.createElement('script');s.type='module';s.crossOrigin='';s.src=e;document.head.appendChild(s)}`
    + `if(!window.__signIn.fits){p.forEach(link);script();return}`
    + `var go=0;function batch(i){p.slice(i,i+${PRELOAD_BATCH}).forEach(link);if(i+${PRELOAD_BATCH}<p.length)setTimeout(function(){batch(i+${PRELOAD_BATCH})},0);else script()}`
    + `function start(){if(!go){go=1;batch(0)}}`
    + `try{new PerformanceObserver(function(l){if(l.getEntriesByName('first-contentful-paint').length)setTimeout(start,${ENTRY_QUIET_MS})}).observe({type:'paint',buffered:true})}catch(x){}`
    + `setTimeout(start,${ENTRY_FALLBACK_MS})})(${JSON.stringify(preloads)},${JSON.stringify(scripts[0])});`;
  return { rest, entry };
}

/**
 * The rendering runs in a process of its own (scripts/prerenderSignInRender.ts), which exits when done: Vite's SSR
 * loader leaves native handles (rolldown's dependency scan) that would keep `vite build` from ever exiting.
 */
async function renderPages(root: string): Promise<{ pages: { tab: string; html: string }[]; styles: string }> {
  const script = fileURLToPath(new URL('./prerenderSignInRender.ts', import.meta.url));
  const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', script], { cwd: root, maxBuffer: 64 * 1024 * 1024 });
  return JSON.parse(stdout) as { pages: { tab: string; html: string }[]; styles: string };
}

const FIRST_STYLE = /<style\b[^>]*>[\s\S]*?<\/style>/;

/**
 * A tab's copy without the theme's `<style>` (FluentProvider's tokens, some 19 KB) when the shown page carries the same
 * one: the inline script moves the shown page's element into the copy it swaps in, so the page is not parsed with
 * the tokens twice.
 */
export function withoutSharedThemeStyle(tabHtml: string, shownHtml: string): string {
  const style = FIRST_STYLE.exec(tabHtml)?.[0];
  return style && style === FIRST_STYLE.exec(shownHtml)?.[0] ? tabHtml.replace(style, '') : tabHtml;
}

export function prerenderSignIn(): Plugin {
  let root = process.cwd();
  return {
    name: 'prerender-sign-in',
    apply: 'build',
    configResolved(config) { root = config.root; },
    transformIndexHtml: {
      order: 'post',
      async handler(html, ctx) {
        // index.html only: the other entry pages (§2 sign-in bridge targets) render on the client as before
        if (!ctx.filename.endsWith('/index.html') || !html.includes(ROOT)) return html;
        let rendered: Awaited<ReturnType<typeof renderPages>>;
        try {
          rendered = await renderPages(root);
        } catch (e) {
          // the page still works without it (the bundle renders the form, as before): a build is not refused for it
          console.warn(`[prerender-sign-in] sign-in page not pre-rendered: ${e instanceof Error ? e.message.slice(0, 2000) : String(e)}`);
          return html;
        }
        const { pages, styles } = rendered;
        const [shown, ...others] = pages;
        const templates = others.map((p) => `<template id="sign-in-${p.tab}">${withoutSharedThemeStyle(p.html, shown.html)}</template>`).join('');
        const { rest, entry } = deferEntry(html);
        return rest
          .replace('</head>', `${styles}</head>`)
          .replace(ROOT, `<div id="root">${shown.html}</div>${templates}<script>${SIGN_IN_EARLY_SCRIPT}${entry}</script>`);
      },
    },
  };
}
