// §7 POST /v1/users/activation {os}: a client reports that the signed-in user is active in an org-app from a
// platform (pc, android, ios, h5). The spec names the call and its one field only; what a client of such an API
// expects is a record of active days per org-app and platform (first and last active day, how many days), read
// back with GET /v1/users/activation. One event per user, org-app, platform and China day: reporting again the
// same day records nothing, so a console that reports on every start does not grow the log.
import { refuse, type Decider, type DomainEvent } from '../decider.ts';

export const ACTIVATION_PLATFORMS = ['pc', 'android', 'ios', 'h5'] as const;
export type ActivationPlatform = (typeof ACTIVATION_PLATFORMS)[number];

export interface UserActivated { orgId: string; appId: string; userId: string; os: ActivationPlatform; day: string }

export type ActivationEvent = DomainEvent<'UserActivated', UserActivated>;

export interface RecordActivation {
  type: 'RecordActivation'; orgId: string; appId: string; userId: string; os: ActivationPlatform;
  /** the China day (YYYY-MM-DD) of the report: time enters as data */
  day: string;
  /** whether the user is an active member of the org-app (looked up by the handler) */
  member: boolean;
}

export interface ActivationState {
  /** `${appId}/${os}` → the last day recorded */
  lastDay: Readonly<Record<string, string>>;
}

export const ACTIVATION_TEXT = { notMember: '您不是该机构应用的成员' } as const;

const keyOf = (appId: string, os: string) => `${appId}/${os}`;

export const activationDecider: Decider<RecordActivation, ActivationState, ActivationEvent> = {
  initialState: () => ({ lastDay: {} }),
  decide(command, state) {
    if (!command.member) return refuse('forbidden', ACTIVATION_TEXT.notMember);
    const { orgId, appId, userId, os, day } = command;
    // a day already recorded (or an older report arriving late) adds nothing
    const last = state.lastDay[keyOf(appId, os)];
    if (last !== undefined && last >= day) return [];
    return [{ type: 'UserActivated', data: { orgId, appId, userId, os, day } }];
  },
  evolve(state, event) {
    return { lastDay: { ...state.lastDay, [keyOf(event.data.appId, event.data.os)]: event.data.day } };
  },
};
