// Build time only (scripts/prerenderSignIn.ts loads it through Vite's SSR): the sign-in page as the first render of a
// first visit would draw it (zh-CN, light, signed out, on /login), once per pre-rendered tab, with the Griffel
// styles it uses. The same tree as src/app/bootstrap.tsx renders, so the page hydrates without a mismatch.
import { renderToStaticMarkup, renderToString } from 'react-dom/server';
import { createDOMRenderer, RendererProvider, renderToStyleElements } from '@fluentui/react-components';
import { getAppActor } from './appActor.ts';
import { AppRoot } from './bootstrap.tsx';
import { PRERENDERED_TABS, setPrerenderTab, type SignInTab } from './signInEarly.ts';

export function renderSignInPages(): { pages: { tab: SignInTab; html: string }[]; styles: string } {
  const renderer = createDOMRenderer();
  const actor = getAppActor();
  const pages = PRERENDERED_TABS.map((tab) => {
    setPrerenderTab(tab);
    try {
      return {
        tab,
        html: renderToString(
          <RendererProvider renderer={renderer}>
            <AppRoot actor={actor} />
          </RendererProvider>,
        ),
      };
    } finally {
      setPrerenderTab(null);
    }
  });
  // the style elements of every page's classes (Griffel's atomic classes are the same in each)
  const styles = renderToStaticMarkup(<>{renderToStyleElements(renderer)}</>);
  // the root actor's timers would keep the build's process alive
  actor.stop();
  return { pages, styles };
}
