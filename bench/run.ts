// npm run bench — figures for the demo data. Needs a built console (`npm run build`) and /usr/bin/chromium.
import fs from 'node:fs';
import { startServerProcess } from './serverProcess.ts';
import { benchSignIn } from './signIn.ts';
import { benchMenuLoad } from './menuLoad.ts';

if (!fs.existsSync('dist/index.html')) {
  console.error('build the console first: npm run build');
  process.exit(1);
}
const server = await startServerProcess();
try {
  const signIn = await benchSignIn(server);
  console.log('\nSign-in submit → first menu rendered (Chromium, password sign-in, first org-app picked):');
  console.table(signIn);
  const menu = await benchMenuLoad(server);
  console.log('\nGET /v2/permission/user/menu under load:');
  console.table(menu);
} finally {
  await server.stop();
}
