import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import babel from '@rolldown/plugin-babel';
import { lingui } from '@lingui/vite-plugin';
import { precompress } from './scripts/precompress.ts';
import { signInCatalog } from './scripts/signInCatalog.ts';
import { prerenderSignIn } from './scripts/prerenderSignIn.ts';
import { bundleLicenses } from './scripts/bundleLicenses.ts';
import { storefrontCatalog } from './scripts/storefrontCatalog.ts';

const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? 8080}`;

// Four entry pages share one bundle graph: they are the sign-in bridge targets of §2. mall.html is the members'
// storefront (issue 34): its own small graph, no Fluent UI.
export default defineConfig({
  plugins: [
    // The Lingui macro must run before the React transform sees the JSX.
    babel({ plugins: ['@lingui/babel-plugin-lingui-macro'] }),
    react(),
    lingui(),
    // the sign-in screen's zh-CN messages alone, for the entry (issue 12)
    signInCatalog(),
    // the storefront's messages alone, in its three languages, for the members' phone entry (issue 34)
    storefrontCatalog(),
    // the sign-in page rendered into index.html, usable at the first paint (issue 12)
    prerenderSignIn(),
    // licenses.json (the packages the bundle ships, for 关于我们) and the build's commit and date (issue 35)
    bundleLicenses(),
    precompress(),
  ],
  build: {
    outDir: 'dist',
    rollupOptions: {
      input: { index: 'index.html', jydd: 'jydd.html', yyxc: 'yyxc.html', zzy: 'zzy.html', mall: 'mall.html' },
    },
  },
  server: {
    proxy: {
      '/v1': apiTarget, '/v2': apiTarget, '/v3': apiTarget, '/v4': apiTarget, '/v5': apiTarget,
      '/events': apiTarget, '/docs': apiTarget,
    },
  },
});
