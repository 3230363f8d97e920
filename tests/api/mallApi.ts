// Helpers for the mall API tests: role groups, products with SKUs, prices, and a bureau of another area.
import crypto from 'node:crypto';
import type { TestServer } from '../support/testServer.ts';
import { runCommand } from '../../server/store/command.ts';
import { appendToStream, type NewEvent } from '../../server/store/eventStore.ts';
import { POWER_NODES } from '../../server/modules/permissions/powers.ts';
import { call, type Session } from './usersApi.ts';

export const auth = (s: Session) => ({ token: s.token, key: s.key });

export interface GroupConfig { roleGroupId: string; groupName: string; priceApprovalEnable: boolean; priceModifyLimitEnable: boolean; priceApprovalTimeRule: string }
export interface Price {
  id: string; skuId: string; price: number; isCheck: number; roleGroupId: string; supplierId: string; status: string; version: number;
  marketAvg: number | null; isDelete?: number; lastApprovedPrice?: number | null; extraInfo: { checkRemark?: string; mallAvgPrice?: number | null; [k: string]: unknown };
}

export async function purchaserGroups(server: TestServer, supplier: Session): Promise<{ withApproval: GroupConfig; without: GroupConfig }> {
  const res = await call<{ rows: GroupConfig[] }>(server, 'GET', '/v4/mall/rolegroup/config', auth(supplier));
  const withApproval = res.body.data.rows.find((g) => g.priceApprovalEnable)!;
  const without = res.body.data.rows.find((g) => !g.priceApprovalEnable)!;
  return { withApproval, without };
}

/** A new product with `n` SKUs of the supplier (fresh, so no approved price holds them yet). */
export async function newProduct(server: TestServer, supplier: Session, name: string, n = 2): Promise<{ productId: string; skuIds: string[] }> {
  const cats = await call<{ rows: { id: string }[] }>(server, 'GET', '/v2/category?groupName=mallProduct', auth(supplier));
  const res = await call<{ id: string; skus: { skuId: string }[] }>(server, 'POST', '/v4/mall/product', {
    ...auth(supplier),
    body: { name, categoryId: cats.body.data.rows[0].id, unit: '斤', skus: Array.from({ length: n }, (_, i) => ({ name: `${name} 规格${i + 1}`, spec: `${i + 1}kg`, unit: '斤' })) },
  });
  if (res.status !== 200) throw new Error(`product: ${res.body.status_text}`);
  return { productId: res.body.data.id, skuIds: res.body.data.skus.map((s) => s.skuId) };
}

/**
 * Puts `userId` into a new bureau org of another area (城西区), with the bureau role and a power (price approval
 * unless told another: a screen's menu entry, say), through the same events the seed writes. Returns the org name to
 * sign in with.
 */
export async function bureauOfAnotherArea(server: TestServer, userId: string, node: { groupName: string; parentId: string; moduleId: string; powerName: string } = POWER_NODES.priceApprove): Promise<string> {
  const orgId = `org-cxjyj-${crypto.randomBytes(3).toString('hex')}`;
  const name = `城西区教育局${orgId.slice(-6)}`;
  const app = await server.store.db.selectFrom('apps').select('app_id').executeTakeFirstOrThrow();
  const meta = { time: new Date().toISOString(), route: 'test' };
  const permissionId = crypto.randomUUID();
  const roleId = crypto.randomUUID();
  await runCommand(server.store.db, async (tx) => {
    const put = (streamId: string, streamType: string, events: NewEvent[]) => appendToStream(tx, { orgId, streamId, streamType, expectedVersion: 0, events, meta });
    await put(`org-${orgId}`, 'org', [{ type: 'OrgCreated', data: { orgId, name, orgType: 'formal', kind: 'bureau', agentId: null, parentOrgId: null, area: '城西区', expiration: null, userLimit: null } }]);
    const orgAppId = crypto.randomUUID();
    await put(`orgApp-${orgAppId}`, 'orgApp', [{ type: 'OrgAppCreated', data: { id: orgAppId, orgId, appId: app.app_id, appName: '营养餐管理平台', key: crypto.randomBytes(16).toString('hex') } }]);
    await put(`permission-${permissionId}`, 'permission', [{
      type: 'PermissionCreated',
      data: { permissionId, appId: app.app_id, moduleId: node.moduleId, parentId: node.parentId, moduleName: node.powerName, groupName: node.groupName, power: node.moduleId, powerName: node.powerName, sort: 0, enable: true, extraInfo: {} },
    }]);
    await put(`role-${roleId}`, 'role', [
      { type: 'RoleCreated', data: { roleId, name: 'bureau', code: '4', cnName: '教育局', roleGroupId: null, manageRoleNames: [], enable: true, sort: 1, config: {} } },
      { type: 'RolePermissionGranted', data: { roleId, permissionId } },
    ]);
    await put(`member-${orgId}-${userId}`, 'member', [
      { type: 'UserJoinedOrgApp', data: { orgId, appId: app.app_id, userId, extraInfo: {} } },
      { type: 'UserRoleGranted', data: { userId, roleId } },
    ]);
  });
  return name;
}
