// Renders the sign-in pages (src/app/prerender.tsx) through Vite's SSR loader and prints them as JSON; run by the
// prerenderSignIn plugin (scripts/prerenderSignIn.ts) in a process of its own, which exits when done.
import babel from '@rolldown/plugin-babel';
import { createServer } from 'vite';
import { signInCatalog } from './signInCatalog.ts';

const server = await createServer({
  configFile: false, logLevel: 'error', appType: 'custom',
  server: { middlewareMode: true, hmr: false, ws: false, watch: null },
  optimizeDeps: { noDiscovery: true, include: [] },
  // the Lingui macro, as in the bundle (vite.config.ts); the sign-in screen's zh-CN messages
  plugins: [babel({ plugins: ['@lingui/babel-plugin-lingui-macro'] }), signInCatalog()],
});
try {
  const { renderSignInPages } = await server.ssrLoadModule('/src/app/prerender.tsx') as typeof import('../src/app/prerender.tsx');
  process.stdout.write(JSON.stringify(renderSignInPages()));
} finally {
  await server.close();
}
process.exit(0);
