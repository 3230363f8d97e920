// Every business constant and limit of §9, in one place. Cite these; never repeat the literals.

/** §9 page sizes */
export const PAGE = {
  roles: 5000,
  roleGroups: 1000,
  nameFilterChunk: 100,
  userBatch: 1000,
  childRoleBatch: 80,
  permission: [3000, 5000] as const,
  recipeList: 10000,
  appList: 1000,
  roleName: [1000, 10000] as const,
  generic: 1000,
  categories: 3000,
  contacts: 5000,
  contactsParallelPages: 3,
  orders: 100,
  ingredients: 10000,
  allowlist: [1000, 10000, 100000] as const,
  departmentSearch: 20,
  personSearch: 30,
} as const;

/** §9 batches */
export const BATCH = {
  userLookupIds: 50,
  skuById: 60,
  skuByIdParallel: 3,
  productById: 70,
  byCategoryId: 100,
  priceBySku: [100, 60] as const,
  priceUpload: 60,
  ingredientLookup: 70,
  productLookup: 90,
} as const;

/** §9 timers, in milliseconds unless named otherwise */
export const TIMERS = {
  retryDelayMs: 600,
  retryMax: 5,
  menuRecheckMs: 600,
  noticeRefreshMs: 400,
  marqueeDurationMs: 20_000,
  marqueeRepeat: 2,
  marqueeMarginPx: 60,
  inputDebounceMs: 500,
  pricePostTimeoutMs: 60_000,
  initProductTimeoutMs: 20_000,
  forbiddenDedupMs: 30_000,
  phoneCookieDays: 60,
  cookieLifetimeDays: 1,
} as const;

/** §4 / issue 2: SMS codes live 5 minutes and allow 5 tries. */
export const SMS = {
  codeTtlMs: 5 * 60_000,
  maxTries: 5,
  codeLength: 6,
  /** at most this many codes per phone per window */
  perPhoneLimit: 5,
  /** at most this many codes per client address per window */
  perAddressLimit: 20,
  rateWindowMs: 10 * 60_000,
  /** the console's resend countdown */
  resendSeconds: 60,
} as const;

/** Access tokens: random, stored hashed, expire. */
export const TOKEN = {
  ttlMs: 7 * 24 * 3600_000,
  qrCodeTtlMs: 2 * 60_000,
  captchaTtlMs: 5 * 60_000,
} as const;

/**
 * Issue 27: the console's own operation-log entries (§7 POST /v1/log/operationlog) are bounded, so no member can
 * fill an org's log: entries per call, bytes per entry (its JSON), calls per member and minute; the log answers
 * at most maxShownBytes of one event's data per row (entries stored before these bounds are cut, not streamed).
 */
export const OPERATION_LOG = { maxEntries: 50, maxEntryBytes: 4 * 1024, callsPerMinute: 30, maxShownBytes: 16 * 1024 } as const;

export const MEAL_RATIO = { breakfast: 0.2, lunch: 0.4, dinner: 0.4 } as const;
export const ANALYSIS = { passScore: 80, weights: { variety: 0.3, category: 0.3, nutrient: 0.4 } } as const;
export const ENERGY_FACTOR_KJ_PER_KCAL = 4.1868;
export const WEIGHT_CONVERSIONS = [500, 1000, 0.5] as const;
/** Grams of one of each weight unit a SKU may be sold in, from the §9 conversions (斤 500 g, 千克 1000 g). */
export const GRAMS_PER_WEIGHT_UNIT: Readonly<Record<string, number>> = {
  斤: WEIGHT_CONVERSIONS[0], 市斤: WEIGHT_CONVERSIONS[0], 千克: WEIGHT_CONVERSIONS[1], 公斤: WEIGHT_CONVERSIONS[1], kg: WEIGHT_CONVERSIONS[1], 克: 1, g: 1,
};
/** §9: arithmetic rounded to 6 decimals */
export const ARITHMETIC_DECIMALS = 6;
export const RECIPE_USER_LIMIT_DEFAULT = 5;

export const LOCALES = ['zh-CN', 'zh-TW', 'en-US'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'zh-CN';
/** Each language named in itself (the switches offer them so: a reader finds his own whatever the page shows). */
export const LOCALE_NAMES: Record<Locale, string> = { 'zh-CN': '简体中文', 'zh-TW': '繁體中文', 'en-US': 'English' };
export const STANDARD_ORG_ID = 'standard';
export const DEFAULT_MEMBER_LEVEL = 'LV1';
export const DEFAULT_MEMBER_GROUP = { name: 'ordinary member', sort: 1 } as const;
export const DEFAULT_SPEC_SORT = 99;
export const DEFAULT_DOSAGE_MODE = 'netWeight';
export const DEFAULT_AI_MEALS_LABEL = '智能配餐';
/** §9 "Default password {secret}": the secret is configured, never in code. */
export const DEFAULT_PASSWORD_ENV = 'DEFAULT_USER_PASSWORD';
export const WEEK_STARTS_ON = 1; // Monday
export const SEMESTER_DEFAULT = { first: { start: '09-01', end: '01-31' }, second: { start: '02-01', end: '08-31' } } as const;
export const CYCLE_OPTIONS = ['month', 'week'] as const;
export const PROTECTED_RECIPE_SHARE_TEMPLATE_MAX_ID = 7;
export const APP_VERSION = '3.11.2';

export const UNITS = ['份', '包', '袋', '瓶', '箱', '中袋', '大袋', '桶', '斤', '个', '板', '件', '1人份', '根', '盒', '块'] as const;
export const SEASONS = ['春', '夏', '秋', '冬'] as const;
export const MEALS = ['早餐', '午餐', '晚餐'] as const;
export const RECIPE_CATEGORIES = ['主食', '荤菜', '素菜', '半荤半素', '汤类', '配料', '乳品'] as const;
export const AGE_RANGES = ['6-8', '9-11', '12-14', '15-17'] as const;

export const MEAL_PATTERN_CODES: Record<string, number> = {
  一餐: 1, 一餐一点: 2, 一餐两点: 2.1, 一餐三点: 2.2, 两餐: 3, 两餐一点: 4, 两餐两点: 5, 两餐三点: 5.2,
  三餐: 6, 三餐一点: 7, 三餐两点: 8, 三餐三点: 9,
};
export const MEAL_CODES: Record<string, number> = { 早餐: 1, 早点: 2, 午餐: 3, 午点: 4, 晚餐: 5, 晚点: 6 };
export const ACTIVITY_TYPES = { groupBuy: 1, recommend: 3, activity: 2, miniProgram: 0 } as const;
export const PRICE_CLASSES = { jyjxj: '教育局询价商品', dqbd: '短期波动', cqwd: '长期稳定' } as const;
export const SUPPLIER_TYPES = { xg: '鲜果', sxps: '生鲜配送', jgpt: '监管平台' } as const;

/** §1 role codes */
export const ROLE_CODE = {
  purchaser: '1',
  supplier: '2',
  delivery: '3',
  bureau: '4',
  dietitian: '5',
  salesman: '6',
  systemProvider: '999',
  userAdmin: 'useradmin',
} as const;

/** The platform org's type: a code-999 role there is the only right across orgs (issue 16) */
export const PLATFORM_ORG_TYPE = 'product';

/** §2 routes reachable without a session */
export const PUBLIC_ROUTES = ['/404', '/shareFriends', '/groupon', '/recommend', '/noOrgPayToBuy'] as const;
/** §2 trial screens a user flagged isNotRouterHome may still reach (with /login) */
export const TRIAL_ROUTES = ['/applyTrialExpire', '/applyTrialUserForm', '/applyTrialSuccess', '/applyTrialMobileBasicUserLogin'] as const;
/**
 * §2 "trial applicants have their own pages": the application form and its success page are also reachable without a
 * session (and without an org-app). The applicant has no account yet; POST /v1/passport/formuser is public and creates
 * it (issue 15). The expiry and mobile-only screens stay behind sign-in: they speak of an account that exists.
 */
export const TRIAL_APPLICATION_ROUTES = ['/applyTrialUserForm', '/applyTrialSuccess'] as const;
export const ERROR_ROUTES = ['/401', '/404', '/500'] as const;
/** §2 entry pages of the sign-in bridge */
export const ENTRY_PAGES = ['index', 'jydd', 'yyxc', 'zzy'] as const;
export type EntryPage = (typeof ENTRY_PAGES)[number];
export const BRIDGE_PARAM = 'bridgeData';
/** §2: the default loading tip of an embedded page's loading message */
export const DEFAULT_LOADING_TIP = '加载中';
