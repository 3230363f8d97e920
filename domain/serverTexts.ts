// Issue 13 follow-up: the server's refusal texts (the envelope's status_text) in the console's language. The server
// writes every text in zh-CN, the source language; this catalog, keyed by that source text, gives the zh-TW and
// en-US wording, and the error handler (server/http/errorHandler.ts) answers in the language the request asks for
// (`accept-language`, sent by the console on every call). A text not in the catalog stays zh-CN, and so does every
// answer to a request without the header: callers and tests that read the Chinese texts see what they always saw.
//
// A key may be a template: `{name}` stands for a part the server fills in. Parts named in TEXT_PARTS are the
// server's own words (a field name, a label, a list of row errors): translated from the catalog (a text, a template
// of it, or a `；` list of them), kept when they hold no Chinese, and when they hold Chinese the catalog cannot
// translate the template is no match, so the text stays whole in zh-CN rather than half translated. Any other part
// is data, kept as it is: a role name, a phone number, an id stay as the request or the database wrote them. The
// texts of refusals that carry data, and the row errors of the imports, are in ./serverRefusalTexts.ts (issue 13
// follow-up).
import { DEFAULT_LOCALE, LOCALES, type Locale } from './constants.ts';
import { ORDER_ACTIONS, ORDER_STATUSES, ORDER_TEXT, type OrderAction, type OrderStatus } from './order.ts';
import { DEVICE_TEXT } from './videoDevice.ts';
import { INSPECTION_ACTIONS, INSPECTION_STATUSES, INSPECTION_TEXT, type InspectionAction, type InspectionStatus } from './inspection.ts';
import { RETURN_ACTIONS, RETURN_STATUSES, RETURN_TEXT, type ReturnAction, type ReturnStatus } from './orderReturn.ts';
import { REFUSAL_TEXTS } from './serverRefusalTexts.ts';

import type { ServerTextTranslations } from './serverRefusalTexts.ts';
export type { ServerTextTranslations };

const tw = (zhTW: string, enUS: string): ServerTextTranslations => ({ 'zh-TW': zhTW, 'en-US': enUS });

/** The texts written out below, each as the server's source writes it (the unit test finds each in server/ or domain/). */
export const WRITTEN_TEXTS: Record<string, ServerTextTranslations> = {
  // ---- server/http: the envelope's general refusals (errors.ts defaults, auth.ts, errorHandler.ts)
  参数错误: tw('參數錯誤', 'Invalid request'),
  '未登录或登录已过期，请重新登录': tw('未登入或登入已過期，請重新登入', 'You are not signed in or your session has expired. Please sign in again'),
  '登录已过期，请重新登录': tw('登入已過期，請重新登入', 'Your session has expired. Please sign in again'),
  '未登录，请先登录': tw('未登入，請先登入', 'You are not signed in. Please sign in first'),
  没有权限访问该数据: tw('沒有權限存取該資料', 'You do not have permission to access this data'),
  没有该操作的权限: tw('沒有該操作的權限', 'You do not have permission for this action'),
  '缺少机构应用 key': tw('缺少機構應用 key', 'The org-app key is missing'),
  您不是该机构的成员: tw('您不是該機構的成員', 'You are not a member of this organisation'),
  您不是该机构应用的成员: tw('您不是該機構應用的成員', 'You are not a member of this org-app'),
  无权访问其他机构的数据: tw('無權存取其他機構的資料', "You may not access another organisation's data"),
  无权访问其他应用的数据: tw('無權存取其他應用的資料', "You may not access another app's data"),
  '参数错误：{field} 只能是 0、1 或 0$n': tw('參數錯誤：{field} 只能是 0、1 或 0$n', 'Invalid request: {field} must be 0, 1 or 0$n'),
  数据不存在: tw('資料不存在', 'The data does not exist'),
  '请求过于频繁，请稍后再试': tw('請求過於頻繁，請稍後再試', 'Too many requests. Please try again later'),
  '服务器内部错误，请稍后重试': tw('伺服器內部錯誤，請稍後重試', 'Internal server error. Please try again later'),
  '请求体不是合法的 JSON': tw('請求內容不是合法的 JSON', 'The request body is not valid JSON'),
  请求体为空: tw('請求內容為空', 'The request body is empty'),
  '接口不存在：{method} {path}': tw('介面不存在：{method} {path}', 'No such API: {method} {path}'),
  '参数错误：请求地址不正确（{detail}）': tw('參數錯誤：請求位址不正確（{detail}）', 'Invalid request: the URL is malformed ({detail})'),
  '参数错误：请求体嵌套超过 {depth} 层': tw('參數錯誤：請求內容巢狀超過 {depth} 層', 'Invalid request: the body nests deeper than {depth} levels'),
  '参数错误：{field} 包含无效字符或数值': tw('參數錯誤：{field} 包含無效字元或數值', 'Invalid request: {field} contains an invalid character or number'),
  '参数错误：versions 须与 itemId 一一对应': tw('參數錯誤：versions 須與 itemId 一一對應', 'Invalid request: versions must name the version read of each itemId, in the same order'),
  '实时更新凭证无效或已过期': tw('即時更新憑證無效或已過期', 'The live-update ticket is invalid or has expired'),

  // ---- schema validation (errorHandler.ts validationText): the field stays as the request named it. The part
  // after the field is ajv's own (English) message for the keyword; zh-TW gets it in Chinese.
  '参数错误：缺少 {field}': tw('參數錯誤：缺少 {field}', 'Invalid request: {field} is required'),
  '参数错误：不支持的字段 {field}': tw('參數錯誤：不支援的欄位 {field}', 'Invalid request: unsupported field {field}'),
  '参数错误：{field} must be {type}': tw('參數錯誤：{field} 應為 {type}', 'Invalid request: {field} must be {type}'),
  '参数错误：{field} must be >= {limit}': tw('參數錯誤：{field} 應大於或等於 {limit}', 'Invalid request: {field} must be >= {limit}'),
  '参数错误：{field} must be <= {limit}': tw('參數錯誤：{field} 應小於或等於 {limit}', 'Invalid request: {field} must be <= {limit}'),
  '参数错误：{field} must be > {limit}': tw('參數錯誤：{field} 應大於 {limit}', 'Invalid request: {field} must be > {limit}'),
  '参数错误：{field} must be < {limit}': tw('參數錯誤：{field} 應小於 {limit}', 'Invalid request: {field} must be < {limit}'),
  '参数错误：{field} must NOT have fewer than {limit} characters': tw('參數錯誤：{field} 不能少於 {limit} 個字元', 'Invalid request: {field} must NOT have fewer than {limit} characters'),
  '参数错误：{field} must NOT have more than {limit} characters': tw('參數錯誤：{field} 不能多於 {limit} 個字元', 'Invalid request: {field} must NOT have more than {limit} characters'),
  '参数错误：{field} must NOT have fewer than {limit} items': tw('參數錯誤：{field} 不能少於 {limit} 項', 'Invalid request: {field} must NOT have fewer than {limit} items'),
  '参数错误：{field} must NOT have more than {limit} items': tw('參數錯誤：{field} 不能多於 {limit} 項', 'Invalid request: {field} must NOT have more than {limit} items'),
  '参数错误：{field} must be equal to one of the allowed values': tw('參數錯誤：{field} 不是允許的值', 'Invalid request: {field} must be equal to one of the allowed values'),
  '参数错误：{field} must be equal to constant': tw('參數錯誤：{field} 不是允許的值', 'Invalid request: {field} must be equal to constant'),
  '参数错误：{field} must match format "{format}"': tw('參數錯誤：{field} 應符合格式 "{format}"', 'Invalid request: {field} must match format "{format}"'),
  '参数错误：{field} must match pattern "{pattern}"': tw('參數錯誤：{field} 應符合格式 "{pattern}"', 'Invalid request: {field} must match pattern "{pattern}"'),
  '参数错误：{field} must match a schema in anyOf': tw('參數錯誤：{field} 格式不正確', 'Invalid request: {field} must match a schema in anyOf'),
  '参数错误：{field} must match exactly one schema in oneOf': tw('參數錯誤：{field} 格式不正確', 'Invalid request: {field} must match exactly one schema in oneOf'),
  '参数错误：{field} 格式不正确': tw('參數錯誤：{field} 格式不正確', 'Invalid request: {field} is malformed'),
  // the database refused a value the schemas let through (inputGuards.ts pgInputErrorText)
  '参数错误：参数格式不正确': tw('參數錯誤：參數格式不正確', 'Invalid request: a parameter is malformed'),
  '参数错误：数值超出范围': tw('參數錯誤：數值超出範圍', 'Invalid request: a number is out of range'),
  '参数错误：日期时间格式不正确': tw('參數錯誤：日期時間格式不正確', 'Invalid request: a date or time is malformed'),
  '参数错误：日期时间超出范围': tw('參數錯誤：日期時間超出範圍', 'Invalid request: a date or time is out of range'),
  '参数错误：包含无效字符': tw('參數錯誤：包含無效字元', 'Invalid request: it contains an invalid character'),
  '参数错误：正则表达式不正确': tw('參數錯誤：正規表示式不正確', 'Invalid request: the regular expression is invalid'),
  '参数错误：转义字符不正确': tw('參數錯誤：跳脫字元不正確', 'Invalid request: an escape character is invalid'),
  '参数错误：参数嵌套过深': tw('參數錯誤：參數巢狀過深', 'Invalid request: the parameters nest too deeply'),

  // ---- stale versions (409): the data changed since the screen read it
  '该数据已被他人修改，请刷新后重试': tw('該資料已被他人修改，請重新整理後重試', 'Someone else changed this data. Please refresh and try again'),
  '该数据已被他人修改，请刷新后重试 (stream {stream}, expected version {version})': tw(
    '該資料已被他人修改，請重新整理後重試 (stream {stream}, expected version {version})',
    'Someone else changed this data. Please refresh and try again (stream {stream}, expected version {version})',
  ),
  // server/store/command.ts staleVersion: who changed it and when (a username is a phone number, the time digits)
  '该数据已被 {user} 于 {when} 修改（{event}），请刷新后重试': tw('該資料已被 {user} 於 {when} 修改（{event}），請重新整理後重試', '{user} changed this data at {when} ({event}). Please refresh and try again'),
  '该数据已被他人于 {when} 修改（{event}），请刷新后重试': tw('該資料已被他人於 {when} 修改（{event}），請重新整理後重試', 'Someone else changed this data at {when} ({event}). Please refresh and try again'),
  '参数错误：版本号只能用于删除一个分类（请给出 id）': tw('參數錯誤：版本號只能用於刪除一個分類（請提供 id）', 'Invalid request: a version can only be given when deleting one category (give its id)'),
  '订单已被他人修改，请刷新后重试': tw('訂單已被他人修改，請重新整理後重試', 'Someone else changed this order. Please refresh and try again'),
  '该价格刚被他人审核或修改，本次审核未生效，请刷新后重试': tw('該價格剛被他人審核或修改，本次審核未生效，請重新整理後重試', 'Someone else has just reviewed or changed this price, so your review did not take effect. Please refresh and try again'),

  // ---- sign-in (server/modules/passport: signIn.ts, routes.ts, captcha.ts, qrRoutes.ts; domain/aggregates/user.ts)
  用户名或密码错误: tw('使用者名稱或密碼錯誤', 'Wrong username or password'),
  账号已停用: tw('帳號已停用', 'This account is disabled'),
  账号已过期: tw('帳號已過期', 'This account has expired'),
  该手机号未注册: tw('該手機號碼未註冊', 'This phone number is not registered'),
  手机号格式不正确: tw('手機號碼格式不正確', 'The phone number is not valid'),
  请先完成图形验证或滑动验证: tw('請先完成圖形驗證或滑動驗證', 'Please complete the image or slider check first'),
  请输入图形验证码: tw('請輸入圖形驗證碼', 'Please enter the image code'),
  机构应用不存在: tw('機構應用不存在', 'The org-app does not exist'),
  该机构应用已停用: tw('該機構應用已停用', 'This org-app is disabled'),
  账号与手机号不一致: tw('帳號與手機號碼不一致', 'The account does not match the phone number'),
  '密码长度不能少于 6 位': tw('密碼長度不能少於 6 位', 'The password must have at least 6 characters'),
  '该手机号正在注册，请稍后重试': tw('該手機號碼正在註冊，請稍後重試', 'This phone number is being registered. Please try again later'),
  '密码错误次数过多，请 {minutes} 分钟后再试': tw('密碼錯誤次數過多，請 {minutes} 分鐘後再試', 'Too many wrong passwords. Please try again in {minutes} minutes'),
  '您在该机构的账号已停用或已过期': tw('您在該機構的帳號已停用或已過期', 'Your account in this organisation is disabled or has expired'),
  // issue 27: the first sign-in with an initial password (domain/initialPassword.ts)
  请先修改初始密码: tw('請先修改初始密碼', 'Please change your initial password first'),
  当前密码不正确: tw('目前密碼不正確', 'The current password is wrong'),
  新密码不能是初始密码: tw('新密碼不能是初始密碼', 'The new password cannot be the initial password'),
  只有本人或平台可以修改密码: tw('只有本人或平台可以修改密碼', 'Only the user or the platform can change the password'),
  '该用户还属于其他机构，只能修改其在本机构的启用状态和有效期': tw('該使用者還屬於其他機構，只能修改其在本機構的啟用狀態和有效期', 'This user also belongs to other organisations: only their status and expiry in this organisation can be changed'),
  图形验证码错误: tw('圖形驗證碼錯誤', 'The image code is wrong'),
  '图形验证码已失效，请刷新后重试': tw('圖形驗證碼已失效，請重新整理後重試', 'The image code has expired. Please refresh and try again'),
  '滑动验证未通过，请重试': tw('滑動驗證未通過，請重試', 'The slider check failed. Please try again'),
  '滑动验证已失效，请刷新后重试': tw('滑動驗證已失效，請重新整理後重試', 'The slider check has expired. Please refresh and try again'),
  '获取图形验证码过于频繁，请稍后再试': tw('取得圖形驗證碼過於頻繁，請稍後再試', 'Too many image codes requested. Please try again later'),
  二维码不存在: tw('QR 碼不存在', 'The QR code does not exist'),
  '二维码已过期，请刷新二维码': tw('QR 碼已過期，請重新整理 QR 碼', 'The QR code has expired. Please refresh it'),
  二维码已被使用: tw('QR 碼已被使用', 'The QR code has already been used'),
  二维码已被其他账号扫描: tw('QR 碼已被其他帳號掃描', 'The QR code was scanned by another account'),

  // ---- SMS codes (server/modules/passport/smsCodes.ts)
  验证码错误: tw('驗證碼錯誤', 'The verification code is wrong'),
  验证码已过期: tw('驗證碼已過期', 'The verification code has expired'),
  '验证码错误次数过多，请重新获取': tw('驗證碼錯誤次數過多，請重新取得', 'Too many wrong codes. Please request a new one'),
  '该手机号获取验证码过于频繁，请稍后再试': tw('該手機號碼取得驗證碼過於頻繁，請稍後再試', 'Too many codes requested for this phone number. Please try again later'),
  '获取验证码过于频繁，请稍后再试': tw('取得驗證碼過於頻繁，請稍後再試', 'Too many codes requested. Please try again later'),
  '短信发送失败，请稍后重试': tw('簡訊傳送失敗，請稍後重試', 'The text message could not be sent. Please try again later'),
  '短信服务未配置，请使用密码登录': tw('簡訊服務未設定，請使用密碼登入', 'Text messages are not set up. Please sign in with your password'),
  没有发送给该手机号的验证码: tw('沒有傳送給該手機號碼的驗證碼', 'No code was sent to this phone number'),

  // ---- the refusals users meet most on the screens: missing things (404), other orgs' data and powers (403)
  商品不存在: tw('商品不存在', 'The product does not exist'),
  'SKU 不存在': tw('SKU 不存在', 'The SKU does not exist'),
  供应商不存在: tw('供應商不存在', 'The supplier does not exist'),
  分类不存在: tw('分類不存在', 'The category does not exist'),
  通知不存在: tw('通知不存在', 'The notice does not exist'),
  订单不存在: tw('訂單不存在', 'The order does not exist'),
  用户不存在: tw('使用者不存在', 'The user does not exist'),
  菜品不存在: tw('菜品不存在', 'The dish does not exist'),
  配送路线不存在: tw('配送路線不存在', 'The delivery route does not exist'),
  '导入会话不存在或已过期，请重新导入': tw('匯入工作階段不存在或已過期，請重新匯入', 'The import session does not exist or has expired. Please import again'),
  无权修改其他机构的商品: tw('無權修改其他機構的商品', "You may not change another organisation's products"),
  '无权修改其他机构的 SKU': tw('無權修改其他機構的 SKU', "You may not change another organisation's SKUs"),
  无权查看其他供应商的数据: tw('無權查看其他供應商的資料', "You may not view another supplier's data"),
  该用户不是本机构成员: tw('該使用者不是本機構成員', 'This user is not a member of this organisation'),
  该用户不是本机构的成员: tw('該使用者不是本機構的成員', 'This user is not a member of this organisation'),
  // granting a role (issue 27): never to oneself, never beyond the org's kind; a sandbox and a real org never deal
  不能给自己授予角色: tw('不能給自己授予角色', 'You cannot grant yourself a role'),
  '该角色的权限超出本机构类型，不能授予': tw('該角色的權限超出本機構類型，不能授予', "This role holds powers this kind of organisation does not have, so it cannot be granted"),
  体验机构与正式机构之间不能建立供应关系: tw('體驗機構與正式機構之間不能建立供應關係', 'A trial organisation and a real organisation cannot be linked as buyer and supplier'),
  没有维护商品资料的权限: tw('沒有維護商品資料的權限', 'You do not have permission to maintain products'),
  没有管理供应商的权限: tw('沒有管理供應商的權限', 'You do not have permission to manage suppliers'),
  只有供应商可以维护商品和价格: tw('只有供應商可以維護商品和價格', 'Only suppliers can maintain products and prices'),
  开始时间不能晚于结束时间: tw('開始時間不能晚於結束時間', 'The start time cannot be later than the end time'),
  '参数错误：日期不正确': tw('參數錯誤：日期不正確', 'Invalid request: the date is not valid'),
  // conflicts on create: the thing is already there
  商品已存在: tw('商品已存在', 'The product already exists'),
  'SKU 已存在': tw('SKU 已存在', 'The SKU already exists'),
  分类已存在: tw('分類已存在', 'The category already exists'),
  价格已存在: tw('價格已存在', 'The price already exists'),
  该用户已是本机构成员: tw('該使用者已是本機構成員', 'This user is already a member of this organisation'),
  '该手机号已被注册，请刷新后重试': tw('該手機號碼已被註冊，請重新整理後重試', 'This phone number is already registered. Please refresh and try again'),
  不能删除自己: tw('不能刪除自己', 'You cannot delete yourself'),
  邮箱格式不正确: tw('電子郵件格式不正確', 'The e-mail address is not valid'),
  // prices (domain/priceApproval.ts PRICE_TEXT)
  价格必须是数字: tw('價格必須是數字', 'The price must be a number'),
  '价格必须大于 0': tw('價格必須大於 0', 'The price must be greater than 0'),
  价格最多保留两位小数: tw('價格最多保留兩位小數', 'The price may have at most two decimals'),
  '开始日期格式应为 YYYY-MM-DD': tw('開始日期格式應為 YYYY-MM-DD', 'The start date must be YYYY-MM-DD'),
  '结束日期格式应为 YYYY-MM-DD': tw('結束日期格式應為 YYYY-MM-DD', 'The end date must be YYYY-MM-DD'),
  结束日期不能早于开始日期: tw('結束日期不能早於開始日期', 'The end date cannot be earlier than the start date'),
  '该价格已审核，不能重复审核': tw('該價格已審核，不能重複審核', 'This price has already been reviewed'),
  驳回价格时请填写驳回原因: tw('駁回價格時請填寫駁回原因', 'Please give a reason when rejecting a price'),
  '已审核的价格不能直接修改，请新建价格': tw('已審核的價格不能直接修改，請新建價格', 'A reviewed price cannot be changed. Please create a new price'),
  // orders (domain/order.ts ORDER_TEXT)
  订单已存在: tw('訂單已存在', 'The order already exists'),
  '参数错误：订单至少需要一个商品': tw('參數錯誤：訂單至少需要一個商品', 'Invalid request: an order needs at least one product'),
  '参数错误：数量不是有效的数字': tw('參數錯誤：數量不是有效的數字', 'Invalid request: the quantity is not a valid number'),
  '参数错误：数量必须大于 0': tw('參數錯誤：數量必須大於 0', 'Invalid request: the quantity must be greater than 0'),
  '参数错误：请填写拒单原因': tw('參數錯誤：請填寫拒單原因', 'Invalid request: please give a reason for refusing the order'),
  学校不允许供应商修改订购数量: tw('學校不允許供應商修改訂購數量', 'The school does not let suppliers change ordered quantities'),
  '参数错误：Idempotency-Key 应为 1 到 255 个可见字符': tw('參數錯誤：Idempotency-Key 應為 1 到 255 個可見字元', 'Invalid request: the Idempotency-Key must be 1 to 255 visible characters'),
  '该 Idempotency-Key 已用于内容不同的另一次下单（订单 {orderNo}），未重复下单': tw('該 Idempotency-Key 已用於內容不同的另一次下單（訂單 {orderNo}），未重複下單', 'This Idempotency-Key was already used for a different order request (order {orderNo}); no second order was placed'),
  '已过下单截止时间（{deadline}），请选择更晚的配送日期': tw('已過下單截止時間（{deadline}），請選擇更晚的配送日期', 'The order deadline ({deadline}) has passed. Please choose a later delivery date'),
  '订单金额未达到起订金额 {minimum}': tw('訂單金額未達到起訂金額 {minimum}', 'The order is below the minimum order amount of {minimum}'),
  '参数错误：请填写商品 {sku} 的拒绝原因': tw('參數錯誤：請填寫商品 {sku} 的拒絕原因', 'Invalid request: please give a reason for refusing product {sku}'),
  '该学校未允许此供应商接收订单（供应商权限 order）': tw('該學校未允許此供應商接收訂單（供應商權限 order）', 'The school has not allowed this supplier to take orders (supplier permission order)'),
  无权修改订单设置: tw('無權修改訂單設定', 'You may not change the order settings'),
  // users, roles and contacts (domain/aggregates/user.ts, role.ts, contacts.ts)
  没有授予该角色的权限: tw('沒有授予該角色的權限', 'You may not grant this role'),
  到期时间格式不正确: tw('到期時間格式不正確', 'The expiry time is not valid'),
  手机号重复: tw('手機號碼重複', 'The phone number is repeated'),
  '机构用户数已达上限（{limit}）': tw('機構使用者數已達上限（{limit}）', 'The organisation has reached its user limit ({limit})'),
  角色已存在: tw('角色已存在', 'The role already exists'),
  '参数错误：角色名称不能为空': tw('參數錯誤：角色名稱不能為空', 'Invalid request: the role name cannot be empty'),
  只有系统服务商可以设置管理员角色: tw('只有系統服務商可以設定管理員角色', 'Only the system provider can assign administrator roles'),
  只有系统服务商可以修改管理员角色的权限: tw('只有系統服務商可以修改管理員角色的權限', "Only the system provider can change an administrator role's permissions"),
  '手机号格式不正确：{phone}': tw('手機號碼格式不正確：{phone}', 'The phone number is not valid: {phone}'),
  '手机号重复：{phone}': tw('手機號碼重複：{phone}', 'The phone number is repeated: {phone}'),
  不能把部门移动到它自己或它的下级部门下: tw('不能把部門移動到它自己或它的下級部門下', 'A department cannot be moved under itself or one of its sub-departments'),
  请先删除下级部门: tw('請先刪除下級部門', 'Please delete the sub-departments first'),
  '部门下还有联系人，请先移除': tw('部門下還有聯絡人，請先移除', 'The department still has contacts. Please remove them first'),
  姓名不能为空: tw('姓名不能為空', 'The name cannot be empty'),
  部门名称不能为空: tw('部門名稱不能為空', 'The department name cannot be empty'),
  请选择联系人所在的部门: tw('請選擇聯絡人所在的部門', "Please choose the contact's department"),
};

// ---- an order's state refusals (409), made from the domain's own names: every status × action the domain can refuse
const ORDER_STATUS_WORDS: Record<OrderStatus, [zhTW: string, enUS: string]> = {
  draft: ['草稿', 'still a draft'], submitted: ['待確認', 'awaiting confirmation'], confirmed: ['已確認', 'confirmed'],
  refused: ['已拒單', 'refused'], dispatched: ['已發貨', 'dispatched'], delivered: ['已送達', 'delivered'],
  received: ['已收貨', 'received'], settled: ['已結算', 'settled'], cancelled: ['已取消', 'cancelled'],
};
const ORDER_ACTION_WORDS: Record<OrderAction, [zhTW: string, verb: string, done: string]> = {
  submit: ['提交', 'submit', 'submitted'], confirm: ['確認', 'confirm', 'confirmed'], refuse: ['拒單', 'refuse', 'refused'],
  dispatch: ['發貨', 'dispatch', 'dispatched'], deliver: ['送達', 'deliver', 'delivered'], receive: ['收貨', 'receive', 'received'],
  settle: ['結算', 'settle', 'settled'], cancel: ['取消', 'cancel', 'cancelled'],
};

function orderStateTexts(): Record<string, ServerTextTranslations> {
  const texts: Record<string, ServerTextTranslations> = {};
  for (const action of ORDER_ACTIONS) {
    const [twAction, verb, done] = ORDER_ACTION_WORDS[action];
    texts[ORDER_TEXT.notYourAction(action)] = tw(`無權${twAction}該訂單`, `You may not ${verb} this order`);
    for (const status of ORDER_STATUSES) {
      const [twStatus, enStatus] = ORDER_STATUS_WORDS[status];
      texts[ORDER_TEXT.notAllowed(action, status)] = tw(`訂單${twStatus}，不能${twAction}`, `The order is ${enStatus}: it cannot be ${done}`);
    }
  }
  return texts;
}

// ---- a return's state refusals, the same way (domain/orderReturn.ts RETURN_TEXT)
const RETURN_STATUS_WORDS: Record<ReturnStatus, [zhTW: string, enUS: string]> = {
  pending: ['待處理', 'pending'], accepted: ['已同意', 'accepted'], disputed: ['有異議', 'disputed'], withdrawn: ['已撤回', 'withdrawn'],
};
const RETURN_ACTION_WORDS: Record<ReturnAction, [zhTW: string, verb: string, done: string]> = {
  accept: ['同意退貨', 'accept this return', 'accepted'], dispute: ['提出異議', 'object to this return', 'objected to'], withdraw: ['撤回', 'withdraw this return', 'withdrawn'],
};

function returnStateTexts(): Record<string, ServerTextTranslations> {
  const texts: Record<string, ServerTextTranslations> = {};
  for (const action of RETURN_ACTIONS) {
    const [twAction, verb, done] = RETURN_ACTION_WORDS[action];
    texts[RETURN_TEXT.notYourAction(action)] = tw(`無權${twAction}`, `You may not ${verb}`);
    for (const status of RETURN_STATUSES) {
      const [twStatus, enStatus] = RETURN_STATUS_WORDS[status];
      texts[RETURN_TEXT.notPending(action, status)] = tw(`退貨單${twStatus}，不能${twAction}`, `The return is ${enStatus}: it cannot be ${done}`);
    }
  }
  return texts;
}

/** Every text the server answers in zh-TW and en-US: the written ones and those made from the domain's names. */
// ---- bright kitchens (issue 33: domain/videoDevice.ts DEVICE_TEXT, domain/inspection.ts INSPECTION_TEXT)
const INSPECTION_STATUS_WORDS: Record<InspectionStatus, [zhTW: string, enUS: string]> = {
  opened: ['待派單', 'awaiting assignment'], assigned: ['維修中', 'being repaired'], fixed: ['待驗收', 'awaiting verification'], verified: ['已驗收', 'verified'],
};
const INSPECTION_ACTION_WORDS: Record<InspectionAction, [zhTW: string, verb: string]> = {
  assign: ['派單', 'assign'], fix: ['維修', 'fix'], verify: ['驗收', 'verify'], reopen: ['退回重修', 'send back'],
};
function deviceTexts(): Record<string, ServerTextTranslations> {
  const texts: Record<string, ServerTextTranslations> = {
    [DEVICE_TEXT.notFound]: tw('設備不存在', 'The camera does not exist'),
    [DEVICE_TEXT.mayNotManage]: tw('只有學校可以登記和修改本校的視訊設備', "Only a school registers and changes its own cameras"),
    [DEVICE_TEXT.mayNotSee]: tw('無權檢視視訊設備', 'You may not see cameras'),
    [DEVICE_TEXT.badName]: tw('參數錯誤：設備名稱不能為空，且不超過 100 個字', 'Invalid request: the camera name must be 1 to 100 characters'),
    [DEVICE_TEXT.badArea]: tw('參數錯誤：區域不超過 50 個字', 'Invalid request: the area may have at most 50 characters'),
    [DEVICE_TEXT.urlRequired]: tw('參數錯誤：請填寫播放位址', 'Invalid request: please give the play URL'),
    [DEVICE_TEXT.urlTooLong]: tw('參數錯誤：播放位址不超過 1000 個字元', 'Invalid request: the play URL may have at most 1000 characters'),
    [DEVICE_TEXT.badUrl]: tw('參數錯誤：播放位址應為 http(s):// 或 webrtc:// 位址', 'Invalid request: the play URL must be an http(s):// or webrtc:// address'),
    [DEVICE_TEXT.credentialsInUrl]: tw('參數錯誤：播放位址中不能包含使用者名稱或密碼', 'Invalid request: the play URL may not contain a user name or password'),
    [DEVICE_TEXT.tooMany]: tw('每所學校最多登記 200 台設備', 'A school may register at most 200 cameras'),
    [DEVICE_TEXT.unknownType]: tw('參數錯誤：設備類型不存在', 'Invalid request: the camera type does not exist'),
    [DEVICE_TEXT.unknownCompany]: tw('參數錯誤：安裝公司不存在或不服務本校', 'Invalid request: the installer company does not exist or does not serve this school'),
    [DEVICE_TEXT.badThreshold]: tw('參數錯誤：離線閾值應為 0 到 10080 分鐘', 'Invalid request: the offline threshold must be 0 to 10080 minutes'),
    [DEVICE_TEXT.badSignature]: tw('簽章無效', 'Invalid signature'),
    [DEVICE_TEXT.staleAlert]: tw('告警時間超出允許範圍（5 分鐘），請校準設備時鐘', "The alert's time is outside the allowed 5 minutes: please set the device's clock"),
    [DEVICE_TEXT.replayed]: tw('重複的告警請求，已拒絕', 'A repeated alert request was refused'),
    [DEVICE_TEXT.snapshotTooLarge]: tw('抓拍圖片超過 512 KB', 'The snapshot is larger than 512 KB'),
    [DEVICE_TEXT.badSnapshot]: tw('參數錯誤：抓拍圖片應為 base64 編碼的 JPEG、PNG 或 WebP', 'Invalid request: the snapshot must be a base64 JPEG, PNG or WebP'),
    [DEVICE_TEXT.alertNotFound]: tw('告警不存在', 'The alert does not exist'),
    [DEVICE_TEXT.alertHandled]: tw('該告警已處理', 'The alert has already been handled'),
    [DEVICE_TEXT.measureRequired]: tw('參數錯誤：請填寫處理措施', 'Invalid request: please give the measure taken'),
    [DEVICE_TEXT.companyNotFound]: tw('安裝公司不存在', 'The installer company does not exist'),
    [DEVICE_TEXT.mayNotManageCompanies]: tw('只有平台或教育局可以管理安裝公司', 'Only the platform or a bureau manages installer companies'),
    [DEVICE_TEXT.companyOutsideArea]: tw('只能登記服務本轄區的安裝公司', "Only companies serving the bureau's own area can be registered"),
    [DEVICE_TEXT.companyOrgNotInstaller]: tw('參數錯誤：所選機構不是安裝公司類型的機構', 'Invalid request: the org chosen is not an installer company'),
    [DEVICE_TEXT.companyOrgOutsideArea]: tw('所選安裝公司機構不在本轄區，不能登記', 'The installer company chosen is not of your district and cannot be registered'),
    [DEVICE_TEXT.companySchoolOutsideArea]: tw('所選服務學校須為本轄區的學校', 'The schools served must be schools of your district'),
    '本校已有名为「{name}」的设备': tw('本校已有名為「{name}」的設備', 'The school already has a camera named "{name}"'),
    [INSPECTION_TEXT.notFound]: tw('巡檢單不存在', 'The ticket does not exist'),
    [INSPECTION_TEXT.companyRequired]: tw('參數錯誤：請選擇安裝公司', 'Invalid request: please choose an installer company'),
    [INSPECTION_TEXT.fixNoteRequired]: tw('參數錯誤：請填寫維修說明', 'Invalid request: please describe the repair'),
    [INSPECTION_TEXT.reopenReasonRequired]: tw('參數錯誤：請填寫退回原因', 'Invalid request: please give the reason to send it back'),
    [INSPECTION_TEXT.noteTooLong]: tw('參數錯誤：說明不超過 500 個字', 'Invalid request: the note may have at most 500 characters'),
    [INSPECTION_TEXT.photoTooLarge]: tw('維修照片超過 512 KB', 'The repair photo is larger than 512 KB'),
    [INSPECTION_TEXT.badPhoto]: tw('參數錯誤：維修照片應為 JPEG、PNG 或 WebP 圖片', 'Invalid request: the repair photo must be a JPEG, PNG or WebP image'),
    [INSPECTION_TEXT.descriptionRequired]: tw('參數錯誤：請填寫故障描述', 'Invalid request: please describe the fault'),
    [INSPECTION_TEXT.alreadyOpen]: tw('該設備已有未完成的巡檢單', 'The camera already has an open ticket'),
  };
  for (const action of INSPECTION_ACTIONS) {
    const [twAction, verb] = INSPECTION_ACTION_WORDS[action];
    texts[INSPECTION_TEXT.notYourAction(action)] = tw(`無權${twAction}該巡檢單`, `You may not ${verb} this ticket`);
    for (const status of INSPECTION_STATUSES) {
      const [twStatus, enStatus] = INSPECTION_STATUS_WORDS[status];
      texts[INSPECTION_TEXT.notAllowed(action, status)] = tw(`巡檢單${twStatus}，不能${twAction}`, `The ticket is ${enStatus}: you cannot ${verb} it`);
    }
  }
  return texts;
}

export const SERVER_TEXTS: Record<string, ServerTextTranslations> = { ...WRITTEN_TEXTS, ...REFUSAL_TEXTS, ...orderStateTexts(), ...returnStateTexts(), ...deviceTexts() };

/** §9 languages: the one `accept-language` asks for first (q order), mapped onto ours; zh-CN when none fits. */
export function serverLocale(acceptLanguage: string | readonly string[] | undefined): Locale {
  const header = Array.isArray(acceptLanguage) ? acceptLanguage.join(',') : (acceptLanguage as string | undefined) ?? '';
  const ranges = header.split(',').map((part, i) => {
    const [tag = '', ...params] = part.trim().split(';');
    const q = params.map((p) => /^\s*q\s*=\s*([\d.]+)\s*$/i.exec(p)?.[1]).find((v) => v !== undefined);
    return { tag: tag.trim().toLowerCase(), q: q === undefined ? 1 : Number(q), i };
  }).filter((r) => r.tag && r.q > 0).sort((a, b) => b.q - a.q || a.i - b.i);
  for (const { tag } of ranges) {
    const exact = LOCALES.find((l) => l.toLowerCase() === tag);
    if (exact) return exact;
    // Traditional script or a region that writes it; any other Chinese is the source language
    if (/^zh-(hant|tw|hk|mo)\b/.test(tag)) return 'zh-TW';
    if (tag === 'zh' || tag.startsWith('zh-')) return 'zh-CN';
    if (tag === 'en' || tag.startsWith('en-')) return 'en-US';
  }
  return DEFAULT_LOCALE;
}

interface Template {
  source: string;
  /** the literal text before the first part: a cheap test before the pattern */
  prefix: string;
  pattern: RegExp;
  names: string[];
}

/** Parts that are the server's own words, translated or no match (see the head of this file); every other part is data. */
const TEXT_PARTS = new Set(['field', 'reasons', 'first', 'label']);
/** the server joins row errors and reasons with it */
const LIST = '；';
const LIST_JOIN: Record<Exclude<Locale, 'zh-CN'>, string> = { 'zh-TW': '；', 'en-US': '; ' };
/** a list inside a template inside a list …: deep enough for "import failed: row 3: reason; reason" */
const MAX_DEPTH = 6;

const literalLength = (template: string) => template.replace(/\{\w+\}/g, '').length;

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const TEMPLATES: Template[] = Object.keys(SERVER_TEXTS).filter((k) => /\{\w+\}/.test(k)).map((source) => {
  const names: string[] = [];
  const body = source.split(/(\{\w+\})/).map((part) => {
    const name = /^\{(\w+)\}$/.exec(part)?.[1];
    if (!name) return escapeRegExp(part);
    names.push(name);
    return '(.+?)';
  }).join('');
  return { source, prefix: source.split('{')[0]!, pattern: new RegExp(`^${body}$`, 's'), names };
  // the most specific first: "{field} must be >= {limit}" before "{field} must be {type}"
}).sort((a, b) => literalLength(b.source) - literalLength(a.source));

const fill = (template: string, values: Record<string, string>) => template.replace(/\{(\w+)\}/g, (m, name: string) => values[name] ?? m);

const CJK = /[\u4e00-\u9fff]/;

type Target = Exclude<Locale, 'zh-CN'>;

/**
 * A part of a template. The server's own words (TEXT_PARTS) are translated, or kept when they hold no Chinese, or
 * no match; data is kept as it is (never looked up: a role named 角色 stays 角色), unless it holds a `；` list.
 */
function translatePart(name: string, value: string, locale: Target, depth: number): string | null {
  if (TEXT_PARTS.has(name)) return translate(value, locale, depth + 1) ?? (CJK.test(value) ? null : value);
  if (value.includes(LIST) && CJK.test(value)) return null;
  // the server joins ids and names with 、: an English list reads "a, b"
  return locale === 'en-US' ? value.replaceAll('、', ', ') : value;
}

/** `text` in `locale`, or null when the catalog cannot translate all of its words. */
function translate(text: string, locale: Target, depth: number): string | null {
  const entry = SERVER_TEXTS[text];
  if (entry) return entry[locale];
  if (depth > MAX_DEPTH) return null;
  for (const t of TEMPLATES) {
    if (!text.startsWith(t.prefix)) continue;
    const m = t.pattern.exec(text);
    if (!m) continue;
    const parts = t.names.map((name, i) => translatePart(name, m[i + 1] ?? '', locale, depth));
    if (parts.some((p) => p === null)) continue;
    return fill(SERVER_TEXTS[t.source]![locale], Object.fromEntries(t.names.map((name, i) => [name, parts[i]!])));
  }
  // row errors and reasons joined by the server: each piece on its own (a piece without Chinese is data)
  if (text.includes(LIST)) {
    const pieces = text.split(LIST).map((piece) => (CJK.test(piece) ? translate(piece, locale, depth + 1) : piece));
    if (pieces.every((p) => p !== null)) return pieces.join(LIST_JOIN[locale]);
  }
  return null;
}

/**
 * `text` (as the server wrote it, zh-CN) in `locale`: the catalog's entry, or a template's with its parts filled
 * (data kept as it is, the catalog's own texts translated), or a `；` list of those. Unchanged for zh-CN and for a
 * text the catalog lacks, and when a text part holds Chinese the catalog cannot translate ("参数错误：缺少 某个名称"
 * is no "{field} is required"): a half-translated text reads worse than the source.
 */
export function localizeServerText(text: string, locale: Locale): string {
  // zh-CN is the language the texts are written in
  if (locale === 'zh-CN') return text;
  return translate(text, locale, 0) ?? text;
}

/** `text` in `locale`, or null when the catalog cannot translate it (zh-CN: the text itself). */
export function translateServerText(text: string, locale: Locale): string | null {
  return locale === 'zh-CN' ? text : translate(text, locale, 0);
}
