// docs/who-may-do-what.md, rendered from the route table (server/http/routePowers.ts) so the page never drifts:
// scripts/whoMayDoWhat.ts writes it (npm run docs:who), tests/unit/whoMayDoWhat.test.ts compares the committed page.
import { ROUTE_POWERS, screen, type RouteRule } from './routePowers.ts';
import { POWER, POWER_NODES } from '../modules/permissions/powers.ts';
import { BASE_POWER, BASE_POWER_NODES } from '../modules/permissions/basePowers.ts';
import { MEMBER_POWER, MEMBER_POWER_NODES } from '../modules/members/powers.ts';
import { BASE_SCREENS, MEAL_SCREENS } from '../seed/screens.ts';
import { powerKey } from '../../domain/powerKey.ts';
import { ROLE_CODE } from '../../domain/constants.ts';

/** A demo role as the page needs it (server/seed/seedDemo.ts DEMO_ROLES). */
export interface DemoRole { name: string; code: string; cnName: string; screens: readonly string[]; powers: readonly string[] }

const names = new Map<string, string>([
  ...[...BASE_SCREENS, ...MEAL_SCREENS].map((s) => [screen(s.key), `${s.title} (${s.key})`] as const),
  ...[...Object.values(POWER_NODES), ...Object.values(BASE_POWER_NODES), ...Object.values(MEMBER_POWER_NODES)].map((n) => [powerKey(n), `${n.powerName} (${n.moduleId} power)`] as const),
]);
const nameOf = (key: string) => names.get(key) ?? key;
const cell = (s: string) => s.replace(/\|/g, '\\|').replace(/\n/g, ' ');

/** The §6 keys a demo role holds: its screens, its power nodes, and (user admin) the base and member powers the seed grants it. */
function heldBy(role: DemoRole): Set<string> {
  // registry screens only: the demo's frame entry (apiDocs, top level) opens no module
  const held = new Set([...role.screens.map(screen).filter((k) => names.has(k)), ...role.powers.map((p) => POWER[p as keyof typeof POWER] ?? p)]);
  if (role.code === ROLE_CODE.userAdmin) for (const k of [...Object.values(BASE_POWER), ...Object.values(MEMBER_POWER)]) held.add(k);
  return held;
}

const bypasses = (role: DemoRole) => role.code === ROLE_CODE.systemProvider || role.code === ROLE_CODE.userAdmin || role.name.startsWith('admin_') || role.name.startsWith('manage_admin_');

function whoOf(rule: RouteRule, roles: readonly DemoRole[]): string {
  if (rule.everyMember !== undefined) return 'every member holding a role';
  const powers = [...(rule.powers ?? []), ...Object.keys(rule.readers ?? {})];
  if (!powers.length) return rule.party ? 'the party alone' : '';
  const holders = roles.filter((r) => !bypasses(r) && powers.some((k) => heldBy(r).has(k))).map((r) => r.name);
  const who = [...holders, 'the §6 bypass roles'].join(', ');
  return rule.party ? `${who}, each only as the party` : who;
}

function row(route: string, rule: RouteRule, roles: readonly DemoRole[]): string {
  const needs = rule.everyMember !== undefined ? '—' : (rule.powers ?? []).map(nameOf).join('<br>') || '—';
  // readers sharing one reason are listed together
  const byWhy = new Map<string, string[]>();
  for (const [k, why] of Object.entries(rule.readers ?? {})) byWhy.set(why, [...(byWhy.get(why) ?? []), nameOf(k)]);
  const reasons = [
    ...[...byWhy].map(([why, keys]) => `${keys.join(', ')}: ${why}`),
    ...(rule.everyMember ? [rule.everyMember] : []),
    ...(rule.open ? [`open part: ${rule.open.why}`] : []),
  ];
  return `| \`${route}\` | ${cell(rule.what)} | ${cell(needs)} | ${cell(rule.party ?? '—')} | ${cell(whoOf(rule, roles))} | ${cell(reasons.join('<br>') || '—')} |`;
}

/** The page: how the server decides, the demo roles' screens, then every org-app route grouped by its path. */
export function renderWhoMayDoWhat(roles: readonly DemoRole[]): string {
  const out: string[] = [
    '# Who may do what',
    '',
    '<!-- generated from server/http/routePowers.ts by `npm run docs:who`: do not edit by hand (tests/unit/whoMayDoWhat.test.ts) -->',
    '',
    'Every org-app route (an API call made inside a chosen organisation) has one entry in `server/http/routePowers.ts`,',
    'and the server checks it on every request (issue 27, spec §6):',
    '',
    '- **Powers**: the caller must hold one of the listed §6 module powers (`groupName-parentId-moduleId`): a menu screen',
    '  of his roles (`pcMenu-<group>-<screen>`) or a power node. Reads that are another screen\'s job are listed with why.',
    '  The §6 bypass roles (code 999, `admin_…`, `manage_admin_…`, `useradmin`) pass every power.',
    '- **Party**: the route serves one party (a supplier, a school, the platform …); its named predicate decides, for',
    '  the bypass roles too.',
    '- **Every member**: the shell and §6-filtered reads, with the reason. A member holding no role at all reaches only',
    '  the shell (`domain/rolelessAccess.ts`).',
    '- What a caller then sees inside a route (his org, his area, his contacts range, his role groups) is the route\'s',
    '  own filter, not listed here. A route registered without an entry stops the server at startup.',
    '',
    '## Demo roles',
    '',
    '| role | code | 中文 | screens and power nodes |',
    '| --- | --- | --- | --- |',
    ...roles.map((r) => `| ${r.name} | ${r.code} | ${r.cnName} | ${bypasses(r) ? 'all (§6 bypass)' : [...heldBy(r)].map(nameOf).join(', ') || '—'} |`),
    '',
    '## Routes',
  ];
  const groups = new Map<string, [string, RouteRule][]>();
  for (const [route, rule] of Object.entries(ROUTE_POWERS).sort(([a], [b]) => a.split(' ')[1]!.localeCompare(b.split(' ')[1]!) || a.localeCompare(b))) {
    const group = route.split(' ')[1]!.split('/').slice(0, 4).join('/');
    groups.set(group, [...(groups.get(group) ?? []), [route, rule]]);
  }
  for (const [group, rows] of groups) {
    out.push('', `### ${group}`, '', '| route | what | needs one of | party | demo roles let through | reads by others, and why |', '| --- | --- | --- | --- | --- | --- |');
    for (const [route, rule] of rows) out.push(row(route, rule, roles));
  }
  return `${out.join('\n')}\n`;
}
