// Issue 27 (finding 6): whether the session behind a live stream still holds, and what its member may hear. Asked
// when a ticket opens a stream and then every LIVE_LIMITS.standingRecheckMs for every open stream of this process,
// in one query, so logout, disabling, expiry and removal of a role or of the membership end the stream in seconds
// whichever process made the change (the database is the one truth all processes share).
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../store/schema.ts';
import { PLATFORM_ORG_TYPE, ROLE_CODE } from '../../../domain/constants.ts';
import { bypassesModules, type LiveListenerStanding } from '../../../domain/liveAudience.ts';

/** The session a stream was opened for: the access token (hashed) and the org-app of its ticket. */
export interface LiveSession {
  tokenHash: string;
  userId: string;
  orgId: string;
  appId: string;
}

export interface LiveStanding {
  /** the roles he holds in the org (enabled), by id: a stream ends when one it was opened with is gone */
  roleIds: ReadonlySet<string>;
  listener: LiveListenerStanding;
}

interface Row { i: number; roles: { roleId: string; name: string; code: string }[]; modules: string[] | null; platform: boolean }

/**
 * Per session (same order), its standing, or null when the session no longer holds: the token revoked (logout) or
 * expired, the account disabled or expired, the org-app disabled, the membership gone, disabled or expired, or no
 * role left in the org (a member without a role reads the shell only, and the feed is not part of it).
 */
export async function liveStandings(db: Kysely<Database>, sessions: readonly LiveSession[], now: Date): Promise<(LiveStanding | null)[]> {
  if (!sessions.length) return [];
  const col = <K extends keyof LiveSession>(k: K) => sessions.map((s) => s[k]);
  const { rows } = await sql<Row>`
    SELECT s.i,
           COALESCE((SELECT json_agg(json_build_object('roleId', r.role_id, 'name', r.name, 'code', r.code))
                     FROM user_roles ur JOIN roles r ON r.role_id = ur.role_id AND r.org_id = ur.org_id
                     WHERE ur.user_id = s.user_id AND ur.org_id = s.org_id AND r.enable), '[]') AS roles,
           (SELECT array_agg(DISTINCT v.m)
              FROM user_roles ur
              JOIN roles r ON r.role_id = ur.role_id AND r.org_id = ur.org_id AND r.enable
              JOIN role_permissions rp ON rp.role_id = ur.role_id AND rp.org_id = ur.org_id
              JOIN permissions p ON p.permission_id = rp.permission_id AND p.app_id = s.app_id AND p.enable
              CROSS JOIN LATERAL (VALUES (p.module_id), (p.parent_id)) AS v(m)
             WHERE ur.user_id = s.user_id AND ur.org_id = s.org_id) AS modules,
           EXISTS (SELECT 1 FROM user_roles pur JOIN roles pr ON pr.role_id = pur.role_id AND pr.org_id = pur.org_id
                   JOIN orgs po ON po.org_id = pur.org_id
                   WHERE pur.user_id = s.user_id AND pr.enable AND pr.code = ${ROLE_CODE.systemProvider}
                     AND po.org_type = ${PLATFORM_ORG_TYPE}) AS platform
      FROM unnest(${sessions.map((_, i) => i)}::int[], ${col('tokenHash')}::text[], ${col('userId')}::text[], ${col('orgId')}::text[], ${col('appId')}::text[])
           AS s(i, token_hash, user_id, org_id, app_id)
      JOIN access_tokens t ON t.token_hash = s.token_hash AND t.user_id = s.user_id
      JOIN users u ON u.user_id = t.user_id
      JOIN org_apps oa ON oa.org_id = s.org_id AND oa.app_id = s.app_id
      JOIN org_app_users m ON m.org_id = s.org_id AND m.app_id = s.app_id AND m.user_id = s.user_id
     WHERE t.revoked_at IS NULL AND t.expires_at > ${now}
       AND u.enable AND (u.expiration IS NULL OR u.expiration > ${now})
       AND NOT oa.disabled
       AND m.enable AND (m.expiration IS NULL OR m.expiration > ${now})`.execute(db);
  const out: (LiveStanding | null)[] = sessions.map(() => null);
  for (const r of rows) {
    if (!r.roles.length && !r.platform) continue;
    out[r.i] = {
      roleIds: new Set(r.roles.map((x) => x.roleId)),
      listener: { bypass: bypassesModules(r.roles, r.platform), modules: new Set((r.modules ?? []).filter(Boolean)) },
    };
  }
  return out;
}
