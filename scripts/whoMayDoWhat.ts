// Writes docs/who-may-do-what.md from the route table (server/http/routePowers.ts): npm run docs:who.
// tests/unit/whoMayDoWhat.test.ts fails when the committed page differs from what this writes.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { renderWhoMayDoWhat } from '../server/http/whoMayDoWhat.ts';
import { DEMO_ROLES } from '../server/seed/seedDemo.ts';

export const WHO_MAY_DO_WHAT_PAGE = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'docs', 'who-may-do-what.md');

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  fs.writeFileSync(WHO_MAY_DO_WHAT_PAGE, renderWhoMayDoWhat(DEMO_ROLES));
  console.log(`wrote ${path.relative(process.cwd(), WHO_MAY_DO_WHAT_PAGE)}`);
}
