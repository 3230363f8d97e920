// Issue 34, activityList (contracts/activities.ts): the org's activities, their sign-ups and attendance. Query keys
// start with the live-update root 'activities' (src/app/liveUpdates.ts: every Activity… event), then the org.
import { queryOptions } from '@tanstack/react-query';
import { call } from './http.ts';
import type * as api from '../contracts/activities.ts';
import type { BodyOf } from '../contracts/endpoint.ts';

export type { ActivityRow, SignUpRow, ActivityInput } from '../contracts/activities.ts';

export const fetchActivities = () => call<typeof api.listActivities>({ method: 'GET', path: '/v1/activities' });
export const fetchActivityAudience = () => call<typeof api.activityAudience>({ method: 'GET', path: '/v1/activities/audience' });
export const createActivity = (body: api.ActivityInput) => call<typeof api.createActivity>({ method: 'POST', path: '/v1/activities', body });
/** `body.version`: the version the edit started from; stale → 409 */
export const updateActivity = (id: string, body: api.ActivityInput) => call<typeof api.updateActivity>({ method: 'PUT', path: '/v1/activities/{id}', params: { id }, body });
export const actOnActivity = (id: string, body: BodyOf<typeof api.actOnActivity>) => call<typeof api.actOnActivity>({ method: 'POST', path: '/v1/activities/{id}/state', params: { id }, body });
export const fetchSignUps = (id: string) => call<typeof api.listSignUps>({ method: 'GET', path: '/v1/activities/{id}/signups', params: { id } });
export const markAttendance = (id: string, memberId: string, attendance: 'present' | 'absent' | null) =>
  call<typeof api.markAttendance>({ method: 'PUT', path: '/v1/activities/{id}/signups/{memberId}', params: { id, memberId }, body: { attendance } });

export const activityKeys = {
  all: ['activities'] as const,
  list: (orgId: string | undefined) => [...activityKeys.all, orgId, 'list'] as const,
  audience: (orgId: string | undefined) => [...activityKeys.all, orgId, 'audience'] as const,
  signUps: (orgId: string | undefined, id: string) => [...activityKeys.all, orgId, 'signups', id] as const,
};

export const activitiesQuery = (orgId: string | undefined) => queryOptions({ queryKey: activityKeys.list(orgId), queryFn: fetchActivities, enabled: Boolean(orgId) });
export const activityAudienceQuery = (orgId: string | undefined) => queryOptions({ queryKey: activityKeys.audience(orgId), queryFn: fetchActivityAudience, enabled: Boolean(orgId) });
export const signUpsQuery = (orgId: string | undefined, id: string) =>
  queryOptions({ queryKey: activityKeys.signUps(orgId, id), queryFn: () => fetchSignUps(id), enabled: Boolean(orgId && id) });
