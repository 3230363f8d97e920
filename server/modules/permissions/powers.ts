// Power nodes (§6 key groupName-parentId-moduleId) the server's routes ask for. The demo seed creates the
// matching permission rows, so the keys here and the rows there cannot drift apart.
import { powerKey } from '../../../domain/powerKey.ts';
import { SCALE_MANAGE_POWER } from '../../../domain/scale.ts';

export interface PowerNode {
  groupName: string;
  /** moduleId of the screen the power belongs to */
  parentId: string;
  moduleId: string;
  powerName: string;
}

export const POWER_NODES = {
  /** contacts screen: create, edit and delete users of the org-app */
  userManage: { groupName: 'userPower', parentId: 'contacts', moduleId: 'userManage', powerName: '用户管理' },
  /** system config screen: change org config (notice, theme, locales …) */
  configEdit: { groupName: 'configPower', parentId: 'systemConfigManage', moduleId: 'configEdit', powerName: '修改机构配置' },
  priceAdd: { groupName: 'mallPower', parentId: 'productPrice', moduleId: 'priceAdd', powerName: '新增价格' },
  priceApprove: { groupName: 'mallPower', parentId: 'productPriceApproval', moduleId: 'priceApprove', powerName: '价格审核' },
  orderExport: { groupName: 'mallPower', parentId: 'orderList', moduleId: 'orderExport', powerName: '导出订单' },
  /** the order report screens (issue 11): read the figures of the orders the caller sees */
  orderReport: { groupName: 'mallPower', parentId: 'mallOrderBusinessData', moduleId: 'orderReport', powerName: '订单报表' },
  recipeReportExport: { groupName: 'mallRecipeReport_power', parentId: 'mallRecipeReport', moduleId: 'recipeReportExport', powerName: '导出食谱报表' },
  /** electronic scales screen: register, change and remove the school's scales */
  scaleManage: SCALE_MANAGE_POWER,
} as const satisfies Record<string, PowerNode>;

export type PowerName = keyof typeof POWER_NODES;

export const POWER: Record<PowerName, string> = Object.fromEntries(
  Object.entries(POWER_NODES).map(([name, node]) => [name, powerKey(node)]),
) as Record<PowerName, string>;
