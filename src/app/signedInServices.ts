// What the root actor calls once someone is signed in (src/app/appActor.ts imports this module when first needed):
// axios, react-query and the §7 services stay out of the sign-in entry.
export { fetchSystemNotify, pickLocale } from '../../services/config.ts';
export { fetchUserMenu } from '../../services/permissions.ts';
export { activate, fetchOrgAppContext, fetchOrgApps } from '../../services/users.ts';
export { menuQueryKey, powersQueryKey } from './hooks.ts';
export { localeOverridesQueryKey } from '../../services/settings.ts';
export { queryClient } from './queryClient.ts';
export { applyOrgTexts } from './applyOrgTexts.ts';
