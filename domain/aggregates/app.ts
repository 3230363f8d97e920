// Apps (应用管理, stream `app-<appId>`, org 'system') and org-apps (an app in an org, stream `orgApp-<id>` in that
// org): §7 POST /v2/config/app, PUT /v2/config/app/{appId}, enabling and disabling an org-app.
import { sameJson } from './changes.ts';
import { refuse, type Decider, type DomainEvent } from '../decider.ts';

export interface AppCreated { appId: string; appName: string; config: Record<string, unknown> }
export interface AppUpdated { appId: string; appName?: string; config?: Record<string, unknown> }
export interface OrgAppCreated { id: string; orgId: string; appId: string; appName: string; key: string }
export interface OrgAppDisabledSet { id: string; disabled: boolean }

export const APP_TEXT = {
  appMissing: (appId: string) => `应用不存在：${appId}`,
  appExists: (appId: string) => `应用已存在：${appId}`,
  nameRequired: '参数错误：应用名称不能为空',
  orgAppMissing: '机构应用不存在',
} as const;


// ---- apps

export type AppEvent = DomainEvent<'AppCreated', AppCreated> | DomainEvent<'AppUpdated', AppUpdated>;

export type AppCommand =
  /** appId: the next free id of the year (domain/appId.ts), found by the handler */
  | { type: 'CreateApp'; app: AppCreated }
  /** only the fields sent; config replaces the app's */
  | { type: 'UpdateApp'; change: AppUpdated };

export interface AppState { app: Omit<AppCreated, 'appId'> | null }

export const appDecider: Decider<AppCommand, AppState, AppEvent> = {
  initialState: () => ({ app: null }),

  decide(command, state) {
    switch (command.type) {
      case 'CreateApp': {
        const { app } = command;
        if (state.app) return refuse('conflict', APP_TEXT.appExists(app.appId));
        const appName = app.appName.trim();
        if (!appName) return refuse('invalid', APP_TEXT.nameRequired);
        return [{ type: 'AppCreated', data: { ...app, appName } }];
      }
      case 'UpdateApp': {
        const { change } = command;
        if (!state.app) return refuse('notFound', APP_TEXT.appMissing(change.appId));
        const appName = change.appName?.trim();
        if (appName !== undefined && !appName) return refuse('invalid', APP_TEXT.nameRequired);
        const update: AppUpdated = {
          appId: change.appId,
          ...(appName !== undefined && appName !== state.app.appName && { appName }),
          ...(change.config !== undefined && !sameJson(change.config, state.app.config) && { config: change.config }),
        };
        // nothing differs: nothing to record
        return Object.keys(update).length > 1 ? [{ type: 'AppUpdated', data: update }] : [];
      }
    }
  },

  evolve(state, event) {
    switch (event.type) {
      case 'AppCreated':
        return { app: { appName: event.data.appName, config: event.data.config } };
      case 'AppUpdated':
        return state.app ? { app: { appName: event.data.appName ?? state.app.appName, config: event.data.config ?? state.app.config } } : state;
    }
  },
};

// ---- org-apps

export type OrgAppEvent = DomainEvent<'OrgAppCreated', OrgAppCreated> | DomainEvent<'OrgAppDisabledSet', OrgAppDisabledSet>;

export type OrgAppCommand = { type: 'SetOrgAppDisabled'; id: string; disabled: boolean };

export interface OrgAppState { exists: boolean; disabled: boolean }

export const orgAppDecider: Decider<OrgAppCommand, OrgAppState, OrgAppEvent> = {
  initialState: () => ({ exists: false, disabled: false }),
  decide(command, state) {
    if (!state.exists) return refuse('notFound', APP_TEXT.orgAppMissing);
    // already so: nothing to record
    if (state.disabled === command.disabled) return [];
    return [{ type: 'OrgAppDisabledSet', data: { id: command.id, disabled: command.disabled } }];
  },
  evolve(state, event) {
    switch (event.type) {
      case 'OrgAppCreated': return { exists: true, disabled: false };
      case 'OrgAppDisabledSet': return { ...state, disabled: event.data.disabled };
    }
  },
};
