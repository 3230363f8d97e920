// Kysely table types of the store. Column names are the SQL ones (snake_case).
import type { ColumnType, Generated } from 'kysely';

type Json = ColumnType<unknown, string | unknown, string | unknown>;
type Time = ColumnType<Date, Date | string, Date | string>;
type Num = ColumnType<string, number | string, number | string>;

export interface EventsTable {
  position: Generated<string>;
  org_id: string;
  stream_id: string;
  stream_version: string | number;
  type: string;
  data: Json;
  meta: Json;
  transaction_id: Generated<string>;
  created_at: Generated<Time>;
}

export interface Database {
  streams: { stream_id: string; org_id: string; stream_type: string; stream_position: string | number };
  events: EventsTable;
  agents: { org_id: Generated<string>; agent_id: string; name: string; domain: string; parent_agent_id: string | null; is_primary: boolean };
  orgs: {
    org_id: string; name: string; org_type: string; agent_id: string | null; parent_org_id: string | null;
    /** domain/orgKind.ts OrgKind (issue 27) */
    kind: Generated<string>;
    area: string; expiration: Time | null; user_limit: number | null; created_at: Time;
  };
  apps: { org_id: Generated<string>; app_id: string; app_name: string; config: Json };
  org_apps: { id: string; org_id: string; app_id: string; app_name: string; key: string; disabled: boolean };
  users: {
    org_id: Generated<string>; user_id: string; username: string; name: string; email: string; password_hash: string;
    is_dev: boolean; enable: boolean; expiration: Time | null; is_register: boolean; is_not_router_home: boolean;
    first_login: boolean; created_at: Time;
    /** issue 27: the initial password stands; every call but the change is refused (server/http/auth.ts) */
    password_change_required: Generated<boolean>;
  };
  org_app_users: { org_id: string; app_id: string; user_id: string; extra_info: Json; enable: Generated<boolean>; expiration: Time | null };
  role_groups: { org_id: string; role_group_id: string; group_name: string; code: string; sort: number; manage_role_names: string[]; config: Json };
  roles: {
    org_id: string; role_id: string; name: string; code: string; cn_name: string; role_group_id: string | null;
    manage_role_names: string[]; enable: boolean; sort: number; config: Json;
  };
  user_roles: { org_id: string; user_id: string; role_id: string };
  permissions: {
    org_id: string; app_id: string; permission_id: string; module_id: string; parent_id: string; module_name: string;
    group_name: string; power: string; power_name: string; sort: number; enable: boolean; extra_info: Json;
  };
  role_permissions: { org_id: string; role_id: string; permission_id: string; extra_info: Json };
  org_config: { org_id: string; app_id: string; path: string; value: Json };
  holidays: { org_id: Generated<string>; date: ColumnType<string, string, string>; type: number; name: string; /** the year stream's version at this date's last change (issue 31) */ version: Generated<number> };
  access_tokens: { token_hash: string; user_id: string; created_at: Time; expires_at: Time; revoked_at: Time | null; sign_in_method: ColumnType<string, string | undefined, string> };
  live_tickets: { ticket_hash: string; user_id: string; org_id: string; app_id: string; token_hash: string; expires_at: Time };
  live_streams: { stream_id: string; token_hash: string; seen_at: Time };
  sign_in_failures: { id: Generated<string>; username: string; address: string; at: Time; kind: Generated<'password' | 'smscode'>; pending: Generated<boolean> };
  sms_codes: {
    id: Generated<string>; phone: string; purpose: string; code_hash: string; address: string; created_at: Time;
    expires_at: Time; tries: Generated<number>; used_at: Time | null;
  };
  captchas: { id: string; kind: string; answer: string; expires_at: Time; solved_at: Time | null; subject: string | null };
  captcha_requests: { id: Generated<string>; address: string; at: Time };
  qr_codes: { id: string; status: string; user_id: string | null; token: string | null; created_at: Time; expires_at: Time };
  categories: {
    org_id: string; app_id: string; id: string; parent_id: string; name: string; group_name: string; enable: boolean; sort: number;
    is_package: boolean; extra_info: Json; is_delete: boolean;
  };
  specs: { org_id: string; app_id: string; id: string; name: string; options: Json; sort: number };
  mall_suppliers: {
    org_id: string; object_id: string; supplier_org_id: string; name: string; type: string; role_group_id: string | null; status: number;
    enable: boolean; extra_info: Json;
  };
  products: {
    org_id: string; id: string; name: string; cid: string | null; category_id: string | null; status: number; is_package: boolean;
    is_uppershelf: boolean; raw_ripe: string; unit: string; price_class: string | null; extra_info: Json; is_delete: boolean;
    created_at: Time; updated_at: Time;
  };
  skus: {
    org_id: string; sku_id: string; product_id: string; name: string; spec: string; unit: string; sort: number; enable: boolean;
    extra_info: Json; is_delete: boolean; created_at: Time; updated_at: Time;
  };
  sku_ingredients: { org_id: string; sku_id: string; food_id: string; ratio: number; sort: number };
  sku_prices: {
    org_id: string; id: string; sku_id: string; product_id: string; supplier_id: string; role_group_id: string;
    price: ColumnType<string, number | string, number | string>; market_avg: ColumnType<string | null, number | string | null, number | string | null>;
    is_check: number; start_date: ColumnType<string, string, string>; end_date: ColumnType<string, string, string>; enable: boolean;
    is_delete: boolean; extra_info: Json; version: number; created_at: Time; updated_at: Time; checked_at: Time | null; checked_by: string | null;
  };
  contact_departments: {
    org_id: string; department_id: string; seq: string | number; parent_id: string; department_name: string; type: number; sort: number;
    is_hide: number; is_all_hide: number; role_config: Json;
    /** the contacts stream's version at the last event that changed this department (issue 31) */
    version: Generated<number>;
  };
  contact_persons: {
    org_id: string; user_id: string; seq: string | number; name: string; pinyin_first: string; phone_number: string; show_phone_number: boolean;
    gender: string; unit: string; status: number; duties: string; sort: number;
    /** the contacts stream's version at the last event that changed this person or its departments (issue 31) */
    version: Generated<number>;
  };
  contact_person_departments: { org_id: string; department_id: string; user_id: string };
  role_relations: { org_id: string; relation_id: string; parent_role_id: string; child_role_id: string; relation_path: string; depth: number };
  product_member_groups: { org_id: string; group_id: string; name: string; sort: number; is_default: boolean };
  product_members: { org_id: string; user_id: string; name: string; phone_number: string; group_id: string; config: Json; created_at: Time };
  product_member_config: { org_id: string; config: Json };
  /** issue 34: the schools a fruit org serves */
  fruit_schools: { org_id: string; school_org_id: string };
  fruit_orders: {
    org_id: string; id: string; order_no: string; member_phone: string; member_org_id: string; member_user_id: string; member_name: string; member_level: string;
    child_name: string; school_org_id: string; school_name: string; grade: string; class_name: string; sku_id: string; product_id: string; sku_name: string;
    spec: string; unit: string; plan: string; quantity: number; unit_price: Num; day_amount: Num; amount: Num; refunded: Num; payment: string; payment_ref: string;
    status: string; idempotency_key: string | null; request_fingerprint: string | null; created_at: Time; updated_at: Time;
    list_amount: ColumnType<string | null, number | null | undefined, number | null>; discount: ColumnType<string, number | undefined, number>;
    campaign_name: ColumnType<string | null, string | null | undefined, string | null>; groupon_id: ColumnType<string | null, string | null | undefined, string | null>;
  };
  fruit_order_days: {
    org_id: string; order_id: string; day: ColumnType<string, string, string>; sku_id: string; school_org_id: string; quantity: number; amount: Num; status: string;
    refund_requested_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
    refund_reason: ColumnType<string | null, string | null | undefined, string | null>;
  };
  org_init_templates: { org_id: Generated<string>; id: string; name: string; disabled: boolean; content: Json; created_at: Time; updated_at: Time };
  import_sessions: { id: string; org_id: string; user_id: string; kind: string; options: Json; created_at: Time; expires_at: Time };
  import_rows: { session_id: string; row: number; data: Json };
  price_surveys: {
    org_id: string; id: string; area: string; kind: string; supplier_org_id: string | null; product_id: string | null; sku_id: string | null; product_name: string;
    price_class: string; price: ColumnType<string, number | string, number | string>; survey_date: ColumnType<string, string, string>; source: string; remark: string;
    is_delete: boolean; created_by: string | null; created_at: Time;
    /** issue 35: the supermarket (category of group mallPriceSupermarket) a shelf price was read in, and its photo */
    supermarket_id: string | null; photo: string;
  };
  service_orders: {
    org_id: string; id: string; edition: string; years: number; amount: ColumnType<string, number, number>; method: string; status: string;
    placed_by: string; placed_at: Time; reference: string; paid_at: Time | null; confirmed_by: string | null; expiration: Time | null;
  };
  mall_routes: {
    org_id: string; object_id: string; name: string; role_group_id: string | null; manage_role_names: Json; purchaser_org_ids: Json; delivery_user_ids: Json;
    sort: number; remark: string; is_delete: boolean; updated_at: Time;
  };
  notices: { org_id: string; notice_id: string; title: string; content: string; published_at: Time; created_by: string; created_by_name: string; created_at: Time; updated_at: Time };
  notice_reads: { org_id: string; notice_id: string; user_id: string; read_at: Time };
  short_links: { code: string; org_id: string; target: string; title: string; expires_at: Time | null; created_by: string; created_by_name: string; created_at: Time };
  short_link_visits: { code: string; day: ColumnType<string, string, string>; visits: number };
  product_updates: { update_id: string; org_id: string; title: string; version: string; content: string; audience: Json; published_at: Time; created_by_name: string; updated_at: Time };
  product_update_reads: { org_id: string; update_id: string; user_id: string; read_at: Time };
  // issue 34: the members' storefront
  member_sessions: { token_hash: string; org_id: string; member_id: string; phone: string; created_at: Time; expires_at: Time; revoked_at: Time | null };
  mall_records: { org_id: string; record_id: string; kind: string; data: Json; starts_at: Time | null; ends_at: Time | null; sort: number; created_at: Time; updated_at: Time };
  mall_groupons: {
    org_id: string; groupon_id: string; title: string; product_id: string; image_url: string | null; unit_price: Num; group_price: Num; min_people: number;
    max_people: number | null; deadline: Time; status: string; joined: number; created_at: Time; updated_at: Time;
  };
  mall_groupon_members: {
    org_id: string; groupon_id: string; member_id: string; name: string; quantity: number; joined_at: Time;
    order_no: ColumnType<string | null, string | null | undefined, string | null>; order_failure: ColumnType<string | null, string | null | undefined, string | null>;
  };
  activities: {
    org_id: string; activity_id: string; title: string; description: string; place: string; starts_at: Time; ends_at: Time; sign_up_by: Time;
    capacity: number; seats_per_member: number; audience: Json; status: string; cancel_reason: string; created_at: Time; updated_at: Time;
  };
  activity_signups: {
    org_id: string; activity_id: string; member_id: string; name: string; seats: number; seq: number; status: string; attendance: string | null; signed_up_at: Time;
  };
  recipe_cycles: {
    org_id: string; id: string; name: string; start_date: ColumnType<string, string, string>; end_date: ColumnType<string, string, string>;
    cycle_option: string; weeks: number; meal_pattern: ColumnType<string, number, number>; age_groups: Json; status: string; remark: string;
    cell_count: number; created_by: string; created_by_name: string; created_at: Time; updated_at: Time;
  };
  recipe_cycle_cells: { org_id: string; cycle_id: string; day: number; meal_code: number; dishes: Json };
  recipe_shares: {
    org_id: string; id: number; name: string; cycle_id: string; cycle_name: string; org_ids: Json; remark: string; created_by: string; created_at: Time; updated_at: Time;
  };
  recipe_share_recipients: { org_id: string; share_id: number; owner_org_id: string };
  recipe_excel_templates: {
    org_id: string; id: string; name: string; layout: string; title: string; show_dosage: boolean; show_weekend: boolean; created_at: Time; updated_at: Time;
  };
  dishes: {
    org_id: string; id: string; name: string; category_id: string; season: string | null; data: Json; pinyin: string; enable: boolean;
    created_at: Time; updated_at: Time;
  };
  food_ingredients: { org_id: string; food_id: string; kind: string; name_zh: string | null; pinyin: string; data: Json; created_at: Time; updated_at: Time };
  dish_packages: { org_id: string; id: string; name: string; category_id: string; data: Json; created_at: Time; updated_at: Time };
  orders: {
    org_id: string; id: string; order_no: string; org_name: string; supplier_org_id: string; supplier_name: string; delivery_date: ColumnType<string, string, string>;
    status: string; amount: ColumnType<string, number | string, number | string>; received_amount: ColumnType<string | null, number | string | null, number | string | null>;
    line_count: number; remark: string; reason: string; keyword: string; created_by: string; created_by_name: string; created_at: Time; submitted_at: Time | null; updated_at: Time;
    confirm_note: ColumnType<string, string | undefined, string>;
    idempotency_key: ColumnType<string | null, string | null | undefined, string | null>;
    request_fingerprint: ColumnType<string | null, string | null | undefined, string | null>;
  };
  order_lines: {
    org_id: string; order_id: string; sku_id: string; sort: number; product_id: string; product_name: string; sku_name: string; spec: string; unit: string;
    category_id: string | null; quantity: ColumnType<string, number | string, number | string>; price: ColumnType<string | null, number | string | null, number | string | null>;
    amount: ColumnType<string, number | string, number | string>; status: string; refuse_reason: string;
    received_quantity: ColumnType<string | null, number | string | null, number | string | null>; received_amount: ColumnType<string | null, number | string | null, number | string | null>; remark: string;
    weighed_grams: ColumnType<string | null, number | string | null | undefined, number | string | null>; scale_id: ColumnType<string | null, string | null | undefined, string | null>;
    scale_name: ColumnType<string, string | undefined, string>; allowed_grams: ColumnType<string | null, number | string | null | undefined, number | string | null>;
    weigh_result: ColumnType<string | null, string | null | undefined, string | null>;
  };
  /** the order reports' daily rollup (migration 231, orderReports/projection.ts); numeric sums arrive as text */
  order_report_days: {
    org_id: string; delivery_date: ColumnType<string, string, string>; supplier_org_id: string; product_name: string; unit: string; category_id: string;
    org_name: string; supplier_name: string;
    order_count: number; orders_any: number; orders_name: number; orders_product: number; orders_category: number; orders_name_category: number;
    line_count: number; difference_lines: number;
    quantity: Num; received_quantity: Num; short_quantity: Num; over_quantity: Num; amount: Num; received_amount: Num; short_amount: Num; over_amount: Num;
    return_quantity: Num; return_amount: Num; delivered_amount: Num;
  };
  video_devices: {
    org_id: string; id: string; name: string; type_id: string; area: string; play_url: string; protocol: string; enabled: boolean; company_id: string;
    online: boolean | null; since: Time | null; online_ms: ColumnType<string, number | string | undefined, number | string>; offline_ms: ColumnType<string, number | string | undefined, number | string>;
    created_at: Time; updated_at: Time;
  };
  video_device_settings: { org_id: string; offline_threshold_minutes: number };
  installer_companies: {
    org_id: string; id: string; name: string; contact: string; phone: string; service_area: string; school_org_ids: string[]; created_at: Time; updated_at: Time;
  };
  inspections: {
    org_id: string; id: string; device_id: string; device_name: string; source: string; alert_id: string | null; description: string; status: string;
    company_id: Generated<string>; company_org_id: Generated<string>; company_name: Generated<string>; fix_note: Generated<string>; fix_photo_id: string | null;
    verify_note: Generated<string>; reopen_note: Generated<string>; reopen_count: Generated<number>; opened_by: string; opened_at: Time; updated_at: Time;
  };
  device_alerts: {
    org_id: string; id: string; device_id: string; device_name: string; alert_type: string; at: Time; confidence: ColumnType<string, number | string, number | string>;
    snapshot_id: string | null; status: string; measure: Generated<string>; inspection_id: string | null; handled_by: Generated<string>; handled_at: Time | null;
  };
  device_secrets: { org_id: string; device_id: string; secret: string };
  device_snapshots: { org_id: string; id: string; content_type: string; bytes: Buffer; created_at: Time };
  device_alert_signatures: { org_id: string; device_id: string; signature: string; at: Time };
  scales: {
    org_id: string; id: string; name: string; model: string; protocol: string; baud_rate: number; tolerance_kind: string;
    tolerance: ColumnType<string, number | string, number | string>; enabled: boolean; created_at: Time; updated_at: Time;
  };
  order_settings: { org_id: string; cutoff_days: number; cutoff_time: string; minimum_amount: ColumnType<string, number | string, number | string>; supplier_may_change_quantity: boolean; updated_at: Time };
  order_returns: {
    org_id: string; id: string; return_no: string; order_id: string; order_no: string; org_name: string; supplier_org_id: string; supplier_name: string;
    status: string; reason: string; dispute_reason: string; photos: Json; amount: ColumnType<string, number | string, number | string>; line_count: number;
    created_by: string; created_by_name: string; created_at: Time; decided_at: Time | null; updated_at: Time;
  };
  order_return_lines: {
    org_id: string; return_id: string; sku_id: string; order_id: string; sort: number; product_name: string; sku_name: string; unit: string;
    price: ColumnType<string, number | string, number | string>; quantity: ColumnType<string, number | string, number | string>; amount: ColumnType<string, number | string, number | string>;
  };
  logistics: {
    org_id: string; id: string; delivery_date: ColumnType<string, string, string>; route_id: string; route_name: string; vehicle: string; driver_name: string;
    driver_phone: string; remark: string; status: string; stop_count: number; arrived_count: number; keyword: string; created_at: Time; updated_at: Time;
  };
  logistics_stops: {
    org_id: string; logistics_id: string; order_id: string; sort: number; order_no: string; school_org_id: string; school_name: string; status: string;
    departed_at: Time | null; arrived_at: Time | null;
  };
  recipe_people: {
    org_id: string; people_id: string; people_energy_id: string | null; name: string; age_range: string;
    custom_avg_age: ColumnType<string | null, number | null, number | null>; energy_kcal: ColumnType<string, number, number>; food_ingredients: Json;
    enable: boolean; default_enable: boolean; sort: number; created_at: Time; updated_at: Time;
    sport_prescription: ColumnType<unknown, string | null | undefined, string | null>;
  };
  recipe_labels: { org_id: string; id: string; name: string; color: string; sort: number; enable: boolean; created_at: Time; updated_at: Time };
  recipe_label_configs: { org_id: string; config: Json; updated_at: Time };
  form_items: {
    org_id: string; table_id: string; item_id: string; app_id: string; form_data: Json; is_delete: boolean; created_by: string; created_at: Time; updated_at: Time;
  };
}

/**
 * Tables that are not split by org (Citus reference tables, or local to the coordinator): global catalogues
 * every org reads, and sign-in state that exists before there is an org. Every other table carries `org_id`
 * in its primary key and each unique key (migration 110; tests/api/citusReadiness.test.ts checks it).
 */
export const REFERENCE_TABLES = [
  // global catalogues, projected from the system org's streams
  'agents', 'orgs', 'apps', 'org_apps', 'users', 'holidays', 'org_init_templates',
  // sign-in and session state, keyed by token, phone or address
  'access_tokens', 'member_sessions', 'sms_codes', 'captchas', 'qr_codes', 'live_tickets', 'live_streams', 'sign_in_failures', 'captcha_requests',
  // a user's own import previews, before anything reaches an org's streams
  'import_sessions', 'import_rows',
  // issue 35: `/s/{code}` names no org (the link's org is a column), its visit counters, and the platform's release notes
  'short_links', 'short_link_visits', 'product_updates',
  'schema_migrations',
] as const;

/** Tables derived from events; `npm run db:rebuild` truncates and replays exactly these. */
export const PROJECTION_TABLES = [
  'agents', 'orgs', 'apps', 'org_apps', 'users', 'org_app_users', 'role_groups', 'roles', 'user_roles',
  'permissions', 'role_permissions', 'org_config', 'holidays',
  'categories', 'specs', 'mall_suppliers', 'products', 'skus', 'sku_prices', 'sku_ingredients',
  'contact_departments', 'contact_persons', 'contact_person_departments', 'role_relations',
  'product_member_groups', 'product_members', 'product_member_config',
  'org_init_templates',
  'price_surveys', 'mall_routes', 'service_orders',
  'notices', 'notice_reads', 'short_links', 'product_updates', 'product_update_reads',
  'mall_records', 'mall_groupons', 'mall_groupon_members', 'activities', 'activity_signups',
  'recipe_cycles', 'recipe_cycle_cells', 'recipe_shares', 'recipe_share_recipients', 'recipe_excel_templates',
  'dishes', 'food_ingredients', 'dish_packages',
  'orders', 'order_lines', 'order_settings', 'order_returns', 'order_return_lines', 'order_report_days', 'scales',
  'logistics', 'logistics_stops',
  'recipe_people', 'recipe_labels', 'recipe_label_configs', 'form_items',
  'fruit_schools', 'fruit_orders', 'fruit_order_days',
  'video_devices', 'video_device_settings', 'installer_companies', 'inspections', 'device_alerts',
] as const;
