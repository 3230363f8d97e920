// Users and their org-app memberships, projected from their events.
import { defineProjection } from '../../store/projections.ts';
import type {
  Membership, MemberAccessSet, UserCreated, UserDeleted, UserPasswordChanged, UserSignedIn, UserUpdated,
} from '../../../domain/aggregates/user.ts';

// the event types live beside their deciders (domain/aggregates/user.ts)
export type { Membership, MemberAccessSet, UserCreated, UserUpdated };

defineProjection({
  UserCreated: async (tx, { data, orgId, meta }: { data: UserCreated; orgId: string; meta: { time: string } }) => {
    await tx.insertInto('users').values({
      org_id: orgId, user_id: data.userId, username: data.username, name: data.name, email: data.email, password_hash: data.passwordHash,
      is_dev: data.isDev, enable: data.enable, expiration: data.expiration, is_register: data.isRegister,
      is_not_router_home: data.isNotRouterHome, first_login: true, created_at: meta.time, password_change_required: data.mustChangePassword ?? false,
    }).execute();
  },
  UserUpdated: async (tx, { data }: { data: UserUpdated }) => {
    const set = {
      ...(data.name !== undefined && { name: data.name }),
      ...(data.email !== undefined && { email: data.email }),
      ...(data.enable !== undefined && { enable: data.enable }),
      ...(data.expiration !== undefined && { expiration: data.expiration }),
      ...(data.isNotRouterHome !== undefined && { is_not_router_home: data.isNotRouterHome }),
      ...(data.isDev !== undefined && { is_dev: data.isDev }),
    };
    if (Object.keys(set).length) await tx.updateTable('users').set(set).where('user_id', '=', data.userId).execute();
  },
  UserPasswordChanged: async (tx, { data }: { data: UserPasswordChanged }) => {
    await tx.updateTable('users').set({ password_hash: data.passwordHash, password_change_required: data.mustChange ?? false }).where('user_id', '=', data.userId).execute();
  },
  UserDeleted: async (tx, { data }: { data: UserDeleted }) => {
    // deleted only once the user has left every org (users/routes.ts): no membership or role is left to remove
    await tx.deleteFrom('users').where('user_id', '=', data.userId).execute();
  },
  UserSignedIn: async (tx, { data }: { data: UserSignedIn }) => {
    await tx.updateTable('users').set({ first_login: false }).where('user_id', '=', data.userId).execute();
  },
  UserJoinedOrgApp: async (tx, { data }: { data: Membership }) => {
    await tx.insertInto('org_app_users').values({ org_id: data.orgId, app_id: data.appId, user_id: data.userId, extra_info: JSON.stringify(data.extraInfo ?? {}) })
      .onConflict((c) => c.columns(['org_id', 'app_id', 'user_id']).doNothing()).execute();
  },
  UserOrgAppInfoSet: async (tx, { data }: { data: Membership }) => {
    await tx.updateTable('org_app_users').set({ extra_info: JSON.stringify(data.extraInfo ?? {}) })
      .where('org_id', '=', data.orgId).where('app_id', '=', data.appId).where('user_id', '=', data.userId).execute();
  },
  MemberAccessSet: async (tx, { data }: { data: MemberAccessSet }) => {
    const set = {
      ...(data.enable !== undefined && { enable: data.enable }),
      ...(data.expiration !== undefined && { expiration: data.expiration }),
    };
    if (Object.keys(set).length) await tx.updateTable('org_app_users').set(set).where('org_id', '=', data.orgId).where('user_id', '=', data.userId).execute();
  },
  UserLeftOrgApp: async (tx, { data }: { data: Membership }) => {
    await tx.deleteFrom('org_app_users').where('org_id', '=', data.orgId).where('app_id', '=', data.appId).where('user_id', '=', data.userId).execute();
  },
});
