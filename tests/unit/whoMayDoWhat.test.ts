// docs/who-may-do-what.md is generated from the route table (issue 27): the committed page must be what
// `npm run docs:who` writes now, so a change of the table without the page fails here.
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { renderWhoMayDoWhat } from '../../server/http/whoMayDoWhat.ts';
import { DEMO_ROLES } from '../../server/seed/seedDemo.ts';
import { WHO_MAY_DO_WHAT_PAGE } from '../../scripts/whoMayDoWhat.ts';
import { ROUTE_POWERS } from '../../server/http/routePowers.ts';

describe('docs/who-may-do-what.md', () => {
  it('is the page the route table generates (run `npm run docs:who` after changing server/http/routePowers.ts)', () => {
    expect(fs.readFileSync(WHO_MAY_DO_WHAT_PAGE, 'utf8')).toBe(renderWhoMayDoWhat(DEMO_ROLES));
  });

  it('lists every route of the table, and a dietitian-only member is not let through to place orders', () => {
    const page = renderWhoMayDoWhat(DEMO_ROLES);
    for (const route of Object.keys(ROUTE_POWERS)) expect(page).toContain(`\`${route}\``);
    const order = page.split('\n').find((l) => l.startsWith('| `POST /v4/mall/order`'))!;
    expect(order).toContain('purchaser');
    expect(order).not.toContain('dietitian');
  });
});
