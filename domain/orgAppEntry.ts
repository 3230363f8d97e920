import type { OrgApp } from './types.ts';

// §4 choosing an org-app: if it has no key, a key is fetched first
export function needsKey(orgApp: Pick<OrgApp, 'key'>): boolean {
  return !orgApp.key;
}

// §4 the display name refreshed after choosing: organisation and application
export function displayName(orgApp: Pick<OrgApp, 'orgName' | 'appName'>): string {
  return [orgApp.orgName, orgApp.appName].filter(Boolean).join(' - ');
}
