// Issue 35: the server's refusals of the supermarket prices, the unit import and the service plan, in zh-TW and
// en-US (merged into domain/serverRefusalTexts.ts REFUSAL_TEXTS; the unit test serverTextCoverage keeps it whole).
import type { ServerTextTranslations } from './serverRefusalTexts.ts';

const tw = (zhTW: string, enUS: string): ServerTextTranslations => ({ 'zh-TW': zhTW, 'en-US': enUS });

export const SCHOOL_SERVICE_TEXTS: Record<string, ServerTextTranslations> = {
  // supermarketManage (domain/supermarketPrice.ts, mall/supermarketRoutes.ts)
  只有教育局可以设置商超价格浮动比例: tw('只有教育局可以設定商超價格浮動比例', 'Only an education bureau can set the margin above supermarket prices'),
  商超不存在: tw('商超不存在', 'The supermarket does not exist'),
  '照片应为图片链接或不超过 300KB 的图片': tw('照片應為圖片連結或不超過 300KB 的圖片', 'The photo must be a picture link or a picture of at most 300 KB'),
  // uploadUnit (domain/unitImport.ts, orgInit/unitImportRoutes.ts)
  只有平台或教育局可以导入单位: tw('只有平台或教育局可以匯入單位', 'Only the platform or an education bureau can import units'),
  '本机构未设置区域，不能导入单位': tw('本機構未設定區域，不能匯入單位', 'Your organisation has no area set, so it cannot import units'),
  机构名称不能为空: tw('機構名稱不能為空', 'The organisation name is required'),
  '机构名称不能超过 {n} 个字': tw('機構名稱不能超過 {n} 個字', 'The organisation name cannot be longer than {n} characters'),
  '到期日期应为 YYYY-MM-DD：{text}': tw('到期日期應為 YYYY-MM-DD：{text}', 'The expiry date must be YYYY-MM-DD: {text}'),
  '只能导入本区域的单位：{area}': tw('只能匯入本區域的單位：{area}', 'You can only import units of your own area: {area}'),
  '机构名称与第 {line} 行重复：{name}': tw('機構名稱與第 {line} 行重複：{name}', 'The organisation name repeats row {line}: {name}'),
  // payToBuy (domain/servicePlan.ts, servicePlan/routes.ts)
  只有机构管理员可以购买服务: tw('只有機構管理員可以購買服務', "Only the organisation's administrator can buy the service"),
  银行转账只能由平台确认到账: tw('銀行轉帳只能由平台確認到帳', 'Only the platform can confirm that a bank transfer arrived'),
  只有平台可以查看所有机构的订单: tw('只有平台可以查看所有機構的訂單', "Only the platform can see every organisation's orders"),
  请选择有效的版本: tw('請選擇有效的版本', 'Please choose a valid edition'),
  '购买年限应为 1 到 {max} 年': tw('購買年限應為 1 到 {max} 年', 'The term must be 1 to {max} years'),
  该支付方式未开通: tw('該付款方式未開通', 'This payment method is not available'),
  '本机构已有 {users} 个用户，超过该版本的 {limit} 个上限，请选择更高版本': tw(
    '本機構已有 {users} 個使用者，超過該版本的 {limit} 個上限，請選擇更高版本',
    'Your organisation has {users} users, more than the {limit} of this edition. Please choose a higher edition',
  ),
  订单不是待支付状态: tw('訂單不是待付款狀態', 'The order is not awaiting payment'),
  订单不存在: tw('訂單不存在', 'The order does not exist'),
  订单已存在: tw('訂單已存在', 'The order already exists'),
  该订单须由支付网关确认: tw('該訂單須由付款閘道確認', 'This order is confirmed by its payment gateway only'),
  请填写转账流水号: tw('請填寫轉帳流水號', 'Please enter the bank transfer reference'),
  // recipeSport (domain/sportPrescription.ts, recipeSettings/routes.ts)
  '参数错误：运动处方无效，请检查基础代谢公式、活动水平、年龄、体重、女生占比和运动项目': tw(
    '參數錯誤：運動處方無效，請檢查基礎代謝公式、活動水準、年齡、體重、女生佔比和運動項目',
    'Invalid parameters: the exercise prescription is not valid. Check the basal formula, activity level, ages, weights, share of girls and activities',
  ),
};
