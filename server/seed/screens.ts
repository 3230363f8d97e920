// The §2 screen registry as the demo menu needs it: route key and Chinese label per group.
// Labels the spec gives are used verbatim; the others are the labels a Chinese user of such a console expects.

export interface SeedScreen {
  key: string;
  title: string;
  icon?: string;
  /** an entry seeded disabled (none is now: issue 35 gave the deprecated shippingList a read-only page) */
  enable?: boolean;
}

/** §2 base group (基础模块); main, parentView, iframe and iframeLogin are layouts, not screens. */
export const BASE_SCREENS: SeedScreen[] = [
  { key: 'contacts', title: '通讯录管理', icon: 'People' },
  { key: 'systemConfigManage', title: '系统信息配置', icon: 'Settings' },
  { key: 'rolesManage', title: '角色管理', icon: 'PersonAccounts' },
  { key: 'rolesPermissionManage', title: '角色权限管理', icon: 'ShieldKeyhole' },
  { key: 'appsManage', title: '应用管理', icon: 'Apps' },
  { key: 'apiLog', title: 'API日志', icon: 'DocumentText' },
  { key: 'orgAppManage', title: '机构管理', icon: 'Building' },
  { key: 'sxpsOrgAppManage', title: '集采机构管理', icon: 'BuildingShop' },
  { key: 'recipeOrgManage', title: '鲜果机构管理', icon: 'Food' },
  { key: 'recipeOrgStatistics', title: '鲜果机构统计', icon: 'DataBarVertical' },
  { key: 'appManage', title: '产品管理', icon: 'Box' },
  { key: 'orgAppTemplateManage', title: '产品模板管理', icon: 'DocumentCopy' },
  { key: 'uploadUnit', title: '单位导入', icon: 'ArrowUpload' },
  { key: 'noticeList', title: '通知列表', icon: 'Alert' },
  { key: 'videoDevice', title: '视频设备管理', icon: 'Video' },
  { key: 'errorDevice', title: '设备巡检管理', icon: 'Wrench' },
  { key: 'companyManage', title: '安装公司管理', icon: 'BuildingFactory' },
  { key: 'activityList', title: '活动管理', icon: 'CalendarStar' },
  { key: 'productUpdate', title: '产品更新', icon: 'ArrowSync' },
  { key: 'dwzManage', title: '短网址管理', icon: 'Link' },
  { key: 'productMemberConfig', title: '会员中心设置', icon: 'PersonSettings' },
  { key: 'membersManage', title: '会员管理', icon: 'PeopleTeam' },
  { key: 'agentsInfoManage', title: '合作伙伴管理', icon: 'Handshake' },
];

/** §2 meal group (营养餐模块). */
export const MEAL_SCREENS: SeedScreen[] = [
  { key: 'mallHome', title: '商城首页', icon: 'Storefront' },
  { key: 'productCategory', title: '商品分类' },
  { key: 'productManage', title: '商品管理' },
  { key: 'productApproval', title: '商品审核' },
  { key: 'productPriceApproval', title: '价格审核' },
  { key: 'productPriceExportList', title: '价格导出记录' },
  { key: 'productTestReport', title: '商品检测报告' },
  { key: 'standardProductManage', title: '云商品库' },
  { key: 'productSkuLog', title: '商品变更日志' },
  { key: 'productPrice', title: '商品价格' },
  { key: 'productImageManage', title: '商品图片管理' },
  { key: 'productSpec', title: '商品规格' },
  { key: 'orderList', title: '订单列表' },
  { key: 'orderLogList', title: '订单日志' },
  { key: 'mallOrderReturnManage', title: '退货单管理' },
  { key: 'mallOrderSpec', title: '订单设置' },
  { key: 'routeManage', title: '配送路线管理' },
  { key: 'mallCMS', title: '商城内容管理' },
  { key: 'mallRecipeCycleManage', title: '周食谱管理' },
  { key: 'mallStandardRecipeCycleManage', title: '云食谱列表' },
  { key: 'mallRecipeShare', title: '食谱分享' },
  { key: 'mallRecipePurchaseplan', title: '采购计划' },
  { key: 'mallRecipeMonthPurchaseplan', title: '月度采购计划' },
  { key: 'mallRecipeReport', title: '食谱报表' },
  { key: 'mallRecipeCategory', title: '食谱分类' },
  { key: 'mallRecipeSpec', title: '食谱设置' },
  { key: 'mallRecipeCustomPeopleManage', title: '自定义人群管理' },
  { key: 'mallRecipeCycleLableManage', title: '食谱标签管理' },
  { key: 'mallRecipeCycleLabelSet', title: '食品标签设置' },
  { key: 'menuCategory', title: '菜品分类' },
  { key: 'menuManage', title: '菜品管理' },
  { key: 'packageSetting', title: '套餐设置' },
  { key: 'packageManage', title: '套餐管理' },
  { key: 'nutrientCalculator', title: '营养计算器' },
  { key: 'analysisCalculator', title: '营养分析' },
  { key: 'mallLogisticsManage', title: '物流管理' },
  { key: 'mallOrderBusinessData', title: '经营数据' },
  { key: 'mallOrderProductSales', title: '商品销量' },
  { key: 'mallOrderSummaryStatistics', title: '订单汇总统计' },
  { key: 'mallOrderProductReports', title: '商品报表' },
  { key: 'mallRecipeNutritionAnalysis', title: '食谱营养分析' },
  { key: 'mallTemplateManage', title: '模板管理' },
  { key: 'mallSupplierManage', title: '供应商管理' },
  { key: 'mallSupplierPermissionManage', title: '供应商权限管理' },
  { key: 'mallPurchaserRolesManage', title: '采购单位管理' },
  { key: 'mallPurchaserRolesList', title: '采购单位列表' },
  // §2 deprecated: a read-only page pointing to delivery, with the legacy shipping notes (issue 35)
  { key: 'shippingList', title: '发货单（已停用）' },
  { key: 'mallFoodIngredientsManage', title: '食材管理' },
  { key: 'localFoodIngredientsManage', title: '本地食材库' },
  { key: 'payToBuy', title: '购买服务' },
  { key: 'aboutUs', title: '关于我们' },
  { key: 'recipeSport', title: '运动处方' },
  { key: 'supplierApprovalManage', title: '供应商审核' },
  { key: 'grouponManage', title: '团购管理' },
  { key: 'recommendManage', title: '推荐管理' },
  { key: 'activityManage', title: '营销活动管理' },
  { key: 'xgOrgSkuManage', title: '鲜果机构商品管理' },
  { key: 'xgOrgOrderManage', title: '鲜果机构订单管理' },
  { key: 'supermarketManage', title: '商超管理' },
  { key: 'priceSurveyVoucher', title: '询价凭证' },
  { key: 'educationPriceSurveyVoucher', title: '教育局询价凭证' },
  { key: 'foodPurchase', title: '食材采购' },
  { key: 'orderPurchaseReportJinjiang', title: '采购报表' },
  { key: 'mallDeliveryManage', title: '配送管理' },
  { key: 'mallElectronicWeightManage', title: '电子秤管理' },
  { key: 'carReport', title: '车辆报表' },
];

/** Quick-entry shortcuts (groupName quickEntry): each points at a menu screen of the same key. */
export const QUICK_ENTRIES = ['contacts', 'orderList', 'mallRecipeCycleManage', 'productPrice'] as const;

/** The embedded-frame demo entry: a local page shown in a frame. */
export const FRAME_ENTRY = { key: 'apiDocs', title: '接口文档', url: '/docs', icon: 'Code' } as const;
