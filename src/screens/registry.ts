import type { ComponentType } from 'react';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

// §2 the screen registry: server menu entries map only onto these screens (route key, label, group).

export type ScreenGroup = 'base' | 'meal';

export interface ScreenEntry {
  /** the §2 route key; a menu entry's extraInfo.component (or name) names it */
  key: string;
  /** zh-CN source label */
  label: MessageDescriptor;
  group: ScreenGroup;
  sort: number;
  isSupportAppManage: boolean;
  /** §6 screens carry businessIds for gating */
  businessIds?: string[];
  /** shell building blocks (layout, parent view, frames) that the shell renders itself */
  structural?: boolean;
  /** lazily loaded screen; absent while the screen is being built (the shell shows "coming soon") */
  load?: () => Promise<{ default: ComponentType }>;
}

export const SCREEN_GROUP_LABELS: Record<ScreenGroup, MessageDescriptor> = {
  base: msg`基础模块`,
  meal: msg`营养餐模块`,
};

type Def = Omit<ScreenEntry, 'group' | 'sort' | 'isSupportAppManage'> & { isSupportAppManage?: boolean };

const structural = (key: string, label: MessageDescriptor): Def => ({ key, label, structural: true, isSupportAppManage: false });

// §2 base group (基础模块)
const base: Def[] = [
  structural('main', msg`主框架`),
  structural('parentView', msg`父级视图`),
  structural('iframe', msg`内嵌页面`),
  structural('iframeLogin', msg`内嵌页面（带登录）`),
  { key: 'contacts', label: msg`通讯录管理`, businessIds: ['contacts'], load: () => import('./base/contacts/ContactsPage.tsx') },
  { key: 'systemConfigManage', label: msg`系统信息配置`, load: () => import('./base/systemConfigManage/SystemConfigManage.tsx') },
  { key: 'rolesManage', label: msg`角色管理`, load: () => import('./base/rolesManage/RolesManagePage.tsx') },
  { key: 'rolesPermissionManage', label: msg`角色权限管理`, load: () => import('./base/rolesPermissionManage/RolesPermissionManagePage.tsx') },
  { key: 'appsManage', label: msg`应用管理`, load: () => import('./base/appsManage/AppsManagePage.tsx') },
  { key: 'apiLog', label: msg`API日志`, load: () => import('./base/apiLog/ApiLogPage.tsx') },
  { key: 'orgAppManage', label: msg`机构管理`, load: () => import('./base/orgAppManage/OrgAppManagePage.tsx') },
  { key: 'sxpsOrgAppManage', label: msg`集采机构管理`, load: () => import('./base/sxpsOrgAppManage/SxpsOrgAppManagePage.tsx') },
  { key: 'recipeOrgManage', label: msg`鲜果机构管理`, load: () => import('./base/recipeOrgManage/RecipeOrgManagePage.tsx') },
  { key: 'recipeOrgStatistics', label: msg`鲜果机构统计`, load: () => import('./base/recipeOrgStatistics/RecipeOrgStatisticsPage.tsx') },
  { key: 'appManage', label: msg`产品管理`, load: () => import('./base/appManage/AppManagePage.tsx') },
  { key: 'orgAppTemplateManage', label: msg`产品模板管理`, load: () => import('./base/orgAppTemplateManage/OrgAppTemplateManagePage.tsx') },
  { key: 'uploadUnit', label: msg`单位导入`, load: () => import('./base/uploadUnit/UploadUnitPage.tsx') },
  { key: 'noticeList', label: msg`通知列表`, load: () => import('./base/noticeList/NoticeList.tsx') },
  { key: 'videoDevice', label: msg`视频设备管理`, load: () => import('./base/videoDevice/VideoDevicePage.tsx') },
  { key: 'errorDevice', label: msg`设备巡检管理`, load: () => import('./base/errorDevice/ErrorDevicePage.tsx') },
  { key: 'companyManage', label: msg`安装公司管理`, load: () => import('./base/companyManage/CompanyManagePage.tsx') },
  { key: 'activityList', label: msg`活动管理`, load: () => import('./meal/mallStorefront/ActivityListPage.tsx') },
  { key: 'productUpdate', label: msg`产品更新`, load: () => import('./base/productUpdate/ProductUpdatePage.tsx') },
  { key: 'dwzManage', label: msg`短网址管理`, load: () => import('./base/dwzManage/DwzManagePage.tsx') },
  { key: 'productMemberConfig', label: msg`会员中心设置`, load: () => import('./base/productMemberConfig/ProductMemberConfigPage.tsx') },
  { key: 'membersManage', label: msg`会员管理`, load: () => import('./base/membersManage/MembersManagePage.tsx') },
  { key: 'agentsInfoManage', label: msg`合作伙伴管理`, load: () => import('./base/agentsInfoManage/AgentsInfoManagePage.tsx') },
  // issue 3 inspector: for the system provider and development builds (ShellRoutes opens it without a menu entry)
  { key: 'statecharts', label: msg`状态图`, isSupportAppManage: false, load: () => import('./statecharts/StatechartsPage.tsx') },
];

// §2 meal group (营养餐模块); labels the spec does not give are ours
const meal: Def[] = [
  { key: 'mallHome', label: msg`商城首页`, load: () => import('./meal/mallStorefront/MallHomePage.tsx') },
  { key: 'productCategory', label: msg`商品分类`, load: () => import('./meal/productCategory/ProductCategoryPage.tsx') },
  { key: 'productManage', label: msg`商品管理`, load: () => import('./meal/productManage/ProductManagePage.tsx') },
  { key: 'productApproval', label: msg`商品审核`, load: () => import('./meal/productApproval/ProductApprovalPage.tsx') },
  { key: 'productPriceApproval', label: msg`价格审核`, load: () => import('./meal/productPriceApproval/ProductPriceApprovalPage.tsx') },
  { key: 'productPriceExportList', label: msg`价格导出记录`, load: () => import('./meal/productPriceExportList/ProductPriceExportListPage.tsx') },
  { key: 'productTestReport', label: msg`商品检测报告`, load: () => import('./meal/productTestReport/ProductTestReportPage.tsx') },
  { key: 'standardProductManage', label: msg`云商品库`, load: () => import('./meal/standardProductManage/StandardProductManagePage.tsx') },
  { key: 'productSkuLog', label: msg`商品变更日志`, load: () => import('./meal/productSkuLog/ProductSkuLogPage.tsx') },
  { key: 'productPrice', label: msg`商品价格`, load: () => import('./meal/productPrice/ProductPricePage.tsx') },
  { key: 'productImageManage', label: msg`商品图片管理`, load: () => import('./meal/productImageManage/ProductImageManagePage.tsx') },
  { key: 'productSpec', label: msg`商品规格`, load: () => import('./meal/productSpec/ProductSpecPage.tsx') },
  { key: 'orderList', label: msg`订单列表`, load: () => import('./meal/orderList/OrderListPage.tsx') },
  { key: 'orderLogList', label: msg`订单日志`, load: () => import('./meal/orderLogList/OrderLogListPage.tsx') },
  { key: 'mallOrderReturnManage', label: msg`退货单管理`, load: () => import('./meal/mallOrderReturnManage/MallOrderReturnManagePage.tsx') },
  { key: 'mallOrderSpec', label: msg`订单设置`, load: () => import('./meal/mallOrderSpec/MallOrderSpecPage.tsx') },
  { key: 'routeManage', label: msg`配送路线管理`, load: () => import('./meal/routeManage/RouteManagePage.tsx') },
  { key: 'mallCMS', label: msg`商城内容管理`, load: () => import('./meal/mallStorefront/MallCmsPage.tsx') },
  { key: 'mallRecipeCycleManage', label: msg`周食谱管理`, load: () => import('./meal/mallRecipeCycleManage/MallRecipeCycleManagePage.tsx') },
  { key: 'mallStandardRecipeCycleManage', label: msg`云食谱列表`, load: () => import('./meal/mallStandardRecipeCycleManage/MallStandardRecipeCycleManagePage.tsx') },
  { key: 'mallRecipeShare', label: msg`食谱分享`, load: () => import('./meal/mallRecipeShare/MallRecipeSharePage.tsx') },
  { key: 'mallRecipePurchaseplan', label: msg`采购计划`, load: () => import('./meal/mallRecipePurchaseplan/PurchasePlanPage.tsx') },
  { key: 'mallRecipeMonthPurchaseplan', label: msg`月度采购计划`, load: () => import('./meal/mallRecipeMonthPurchaseplan/MonthPurchasePlanPage.tsx') },
  { key: 'mallRecipeReport', label: msg`食谱报表`, load: () => import('./meal/mallRecipeReport/MallRecipeReportPage.tsx') },
  { key: 'mallRecipeCategory', label: msg`食谱分类`, load: () => import('./meal/mallRecipeCategory/MallRecipeCategoryPage.tsx') },
  { key: 'mallRecipeSpec', label: msg`食谱设置`, load: () => import('./meal/mallRecipeSpec/MallRecipeSpecPage.tsx') },
  { key: 'mallRecipeCustomPeopleManage', label: msg`自定义人群管理`, load: () => import('./meal/mallRecipeCustomPeopleManage/MallRecipeCustomPeopleManagePage.tsx') },
  { key: 'mallRecipeCycleLableManage', label: msg`食谱标签管理`, load: () => import('./meal/mallRecipeCycleLableManage/MallRecipeCycleLableManagePage.tsx') },
  { key: 'mallRecipeCycleLabelSet', label: msg`食品标签设置`, load: () => import('./meal/mallRecipeCycleLabelSet/MallRecipeCycleLabelSetPage.tsx') },
  { key: 'menuCategory', label: msg`菜品分类`, load: () => import('./meal/menuCategory/MenuCategoryPage.tsx') },
  { key: 'menuManage', label: msg`菜品管理`, load: () => import('./meal/menuManage/MenuManagePage.tsx') },
  { key: 'packageSetting', label: msg`套餐设置`, load: () => import('./meal/packageSetting/PackageSettingPage.tsx') },
  { key: 'packageManage', label: msg`套餐管理`, load: () => import('./meal/packageManage/PackageManagePage.tsx') },
  { key: 'nutrientCalculator', label: msg`营养计算器`, load: () => import('./meal/nutrientCalculator/NutrientCalculatorPage.tsx') },
  { key: 'analysisCalculator', label: msg`营养分析`, load: () => import('./meal/analysisCalculator/AnalysisCalculatorPage.tsx') },
  { key: 'mallLogisticsManage', label: msg`物流管理`, load: () => import('./meal/mallLogisticsManage/LogisticsManagePage.tsx') },
  { key: 'mallOrderBusinessData', label: msg`经营数据`, load: () => import('./meal/mallOrderBusinessData/MallOrderBusinessDataPage.tsx') },
  { key: 'mallOrderProductSales', label: msg`商品销量`, load: () => import('./meal/mallOrderProductSales/MallOrderProductSalesPage.tsx') },
  { key: 'mallOrderSummaryStatistics', label: msg`订单汇总统计`, load: () => import('./meal/mallOrderSummaryStatistics/MallOrderSummaryStatisticsPage.tsx') },
  { key: 'mallOrderProductReports', label: msg`商品报表`, load: () => import('./meal/mallOrderProductReports/MallOrderProductReportsPage.tsx') },
  { key: 'mallRecipeNutritionAnalysis', label: msg`食谱营养分析`, load: () => import('./meal/mallRecipeNutritionAnalysis/MallRecipeNutritionAnalysisPage.tsx') },
  { key: 'mallTemplateManage', label: msg`模板管理`, load: () => import('./meal/mallStorefront/MallTemplateManagePage.tsx') },
  { key: 'mallSupplierManage', label: msg`供应商管理`, load: () => import('./meal/mallSupplierManage/MallSupplierManagePage.tsx') },
  { key: 'mallSupplierPermissionManage', label: msg`供应商权限管理`, load: () => import('./meal/mallSupplierPermissionManage/MallSupplierPermissionManagePage.tsx') },
  { key: 'mallPurchaserRolesManage', label: msg`采购单位管理`, load: () => import('./meal/mallPurchaserRolesManage/MallPurchaserRolesManagePage.tsx') },
  { key: 'mallPurchaserRolesList', label: msg`采购单位列表`, load: () => import('./meal/mallPurchaserRolesList/MallPurchaserRolesListPage.tsx') },
  { key: 'shippingList', label: msg`发货单（已停用）`, isSupportAppManage: false, load: () => import('./meal/shippingList/ShippingListPage.tsx') },
  { key: 'mallFoodIngredientsManage', label: msg`食材管理`, load: () => import('./meal/mallFoodIngredientsManage/MallFoodIngredientsPage.tsx') },
  { key: 'localFoodIngredientsManage', label: msg`本地食材库`, load: () => import('./meal/localFoodIngredientsManage/LocalFoodIngredientsPage.tsx') },
  { key: 'payToBuy', label: msg`购买服务`, load: () => import('./meal/payToBuy/PayToBuyPage.tsx') },
  { key: 'aboutUs', label: msg`关于我们`, load: () => import('./meal/aboutUs/AboutUsPage.tsx') },
  { key: 'recipeSport', label: msg`运动处方`, load: () => import('./meal/recipeSport/RecipeSportPage.tsx') },
  { key: 'supplierApprovalManage', label: msg`供应商审核`, load: () => import('./meal/supplierApprovalManage/SupplierApprovalManagePage.tsx') },
  { key: 'grouponManage', label: msg`团购管理`, load: () => import('./meal/mallStorefront/GrouponManagePage.tsx') },
  { key: 'recommendManage', label: msg`推荐管理`, load: () => import('./meal/mallStorefront/RecommendManagePage.tsx') },
  { key: 'activityManage', label: msg`营销活动管理`, load: () => import('./meal/mallStorefront/ActivityManagePage.tsx') },
  { key: 'xgOrgSkuManage', label: msg`鲜果机构商品管理`, load: () => import('./meal/xgOrgSkuManage/XgOrgSkuManagePage.tsx') },
  { key: 'xgOrgOrderManage', label: msg`鲜果机构订单管理`, load: () => import('./meal/xgOrgOrderManage/XgOrgOrderManagePage.tsx') },
  { key: 'supermarketManage', label: msg`商超管理`, load: () => import('./meal/supermarketManage/SupermarketManagePage.tsx') },
  { key: 'priceSurveyVoucher', label: msg`询价凭证`, load: () => import('./meal/priceSurveyVoucher/PriceSurveyVoucherPage.tsx') },
  { key: 'educationPriceSurveyVoucher', label: msg`教育局询价凭证`, load: () => import('./meal/educationPriceSurveyVoucher/EducationPriceSurveyVoucherPage.tsx') },
  { key: 'foodPurchase', label: msg`食材采购`, load: () => import('./meal/foodPurchase/FoodPurchasePage.tsx') },
  { key: 'orderPurchaseReportJinjiang', label: msg`采购报表`, load: () => import('./meal/orderPurchaseReportJinjiang/OrderPurchaseReportPage.tsx') },
  { key: 'mallDeliveryManage', label: msg`配送管理`, load: () => import('./meal/mallDeliveryManage/DeliveryManagePage.tsx') },
  { key: 'mallElectronicWeightManage', label: msg`电子秤管理`, load: () => import('./meal/mallElectronicWeightManage/MallElectronicWeightManagePage.tsx') },
  { key: 'carReport', label: msg`车辆报表`, load: () => import('./meal/carReport/CarReportPage.tsx') },
];

const build = (group: ScreenGroup, defs: Def[]): ScreenEntry[] =>
  defs.map((d, i) => ({ ...d, group, sort: (i + 1) * 10, isSupportAppManage: d.isSupportAppManage ?? true }));

export const SCREENS: readonly ScreenEntry[] = [...build('base', base), ...build('meal', meal)];

const byKey = new Map(SCREENS.map((s) => [s.key, s]));

/** The registry screen of a route key, or undefined when the key is unknown. */
export function getScreen(key: string | undefined | null): ScreenEntry | undefined {
  return key ? byKey.get(key) : undefined;
}
