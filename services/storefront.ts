// Issue 34: the storefront's calls (server/modules/storefront): plain fetch, no axios, so the phone's entry stays small.
// The member token travels in its own header (`membertoken`), never as a staff `accesstoken`; it is kept per shop.
import type { Envelope } from '../domain/types.ts';
import type { MemberActivity } from '../contracts/activities.ts';

export interface StorefrontMember { memberId: string; name: string; level: string; orgId: string }

export interface StorefrontGroupon {
  id: string; title: string; productId: string; imageUrl: string | null; unitPrice: number; groupPrice: number; minPeople: number; maxPeople: number | null;
  deadline: string; status: 'open' | 'settling' | 'succeeded' | 'failed' | 'cancelled'; joined: number; needed: number; myQuantity?: number | null;
  /** his order once a fruit group buy succeeded: placed, or failed with the server's reason */
  myOrder?: { status: 'placed' | 'failed'; orderNo: string | null; reason: string | null } | null;
}

export interface StorefrontHome {
  shopName: string; layout: string; open: boolean; at: string;
  blocks: { block: 'banners' | 'notices' | 'campaigns' | 'groupons' | 'recommendations' | 'articles'; title?: string }[];
  banners: { id: string; title: string; imageUrl: string | null; linkUrl: string | null }[];
  notices: { id: string; title: string; body: string; startsAt: string | null }[];
  articles: { id: string; title: string; imageUrl: string | null; startsAt: string | null }[];
  recommendations: { id: string; position: string; productId: string; title: string; imageUrl: string | null; note: string | null }[];
  campaigns: { id: string; name: string; kind: 'discount' | 'coupon' | 'gift'; percentOff: number | null; amountOff: number | null; threshold: number | null; gift: string | null; levels: string[]; endsAt: string | null }[];
  groupons: StorefrontGroupon[];
}

/** Issue 34: the storefront's fruit (a fruit org's storefront), orders for a child, refunds of missed days. */
export interface StorefrontFruit { skuId: string; name: string; spec: string; unit: string; photos: string[]; season: number[]; price: number; level: string }
export interface StorefrontOffer { fruitOrgName: string; schools: { orgId: string; name: string }[]; items: StorefrontFruit[] }
export interface StorefrontChild { name: string; schoolOrgId: string; grade: string; className: string }
export interface StorefrontOrderInput { skuId: string; child: StorefrontChild; plan: 'day' | 'week' | 'month'; startDay: string; quantity: number; payment: 'offline' | 'gateway' }
export interface StorefrontQuote { days: string[]; unitPrice: number; listAmount: number; discount: number; amount: number; campaignName: string | null }
export interface StorefrontOrder {
  orderId: string; orderNo: string; childName: string; schoolName: string; grade: string; className: string; skuName: string; spec: string; unit: string;
  plan: 'day' | 'week' | 'month'; quantity: number; unitPrice: number; listAmount: number; discount: number; amount: number; refunded: number;
  campaignName: string | null; grouponId: string | null; payment: 'offline' | 'gateway'; status: 'placed' | 'paid' | 'delivered' | 'refunded' | 'cancelled';
  days: { day: string; status: 'pending' | 'delivered' | 'refunded'; refundRequested: boolean }[]; actions: string[]; createdAt: string;
}
/** what a fruit group buy orders for the child when it succeeds */
export interface StorefrontGrouponOrder { child: StorefrontChild; plan: 'day' | 'week' | 'month'; startDay: string; payment: 'offline' | 'gateway' }

/** Issue 34, activityList: an activity for his child's school, and his sign-up (contracts/activities.ts MemberActivity). */
export type { MemberActivity as StorefrontActivity } from '../contracts/activities.ts';

export interface StorefrontContent { id: string; kind: string; title: string; body: string; imageUrl: string | null; startsAt: string | null }

/** A refusal of the server, its status_text in the member's language (accept-language). */
export class StorefrontError extends Error {
  constructor(readonly status: number, message: string) { super(message); }
}

let locale = 'zh-CN';
export const setStorefrontLocale = (l: string) => { locale = l; };

const tokenKey = (orgId: string) => `storefront:token:${orgId}`;
export const memberToken = (orgId: string) => localStorage.getItem(tokenKey(orgId));
export const forgetMemberToken = (orgId: string) => localStorage.removeItem(tokenKey(orgId));

async function request<T>(method: string, path: string, opts: { orgId?: string; body?: unknown } = {}): Promise<T> {
  const headers: Record<string, string> = { 'accept-language': locale };
  const token = opts.orgId ? memberToken(opts.orgId) : null;
  if (token) headers.membertoken = token;
  if (opts.body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(path, { method, headers, body: opts.body === undefined ? undefined : JSON.stringify(opts.body) });
  const json = (await res.json().catch(() => null)) as Envelope<T> | null;
  if (!res.ok || !json || json.status_code !== 200) {
    // a dead member token: signed out here too
    if (res.status === 401 && opts.orgId) forgetMemberToken(opts.orgId);
    throw new StorefrontError(res.status, json?.status_text ?? res.statusText);
  }
  return json.data;
}

export const storefrontApi = {
  shop: (orgId: string) => request<{ orgId: string; shopName: string }>('GET', `/v1/storefront/shop/${encodeURIComponent(orgId)}`),
  /** the image captcha for the phone (§7 passport's), an SVG data URL */
  captcha: (phone: string) => request<{ id: string; image: string }>('GET', `/v1/passport/captcha?height=40&fontSize=30&username=${encodeURIComponent(phone)}`),
  sendCode: (orgId: string, phoneNumber: string, captcha: string) => request<{ expiresIn: number }>('POST', '/v1/storefront/smscode', { body: { orgId, phoneNumber, captcha } }),
  async signIn(orgId: string, phoneNumber: string, smscode: string): Promise<StorefrontMember> {
    const r = await request<{ membertoken: string; member: StorefrontMember }>('POST', '/v1/storefront/login', { body: { orgId, phoneNumber, smscode } });
    localStorage.setItem(tokenKey(orgId), r.membertoken);
    return r.member;
  },
  async signOut(orgId: string): Promise<void> {
    try { await request('POST', '/v1/storefront/logout', { orgId }); } finally { forgetMemberToken(orgId); }
  },
  me: (orgId: string) => request<StorefrontMember>('GET', '/v1/storefront/me', { orgId }),
  home: (orgId: string) => request<StorefrontHome>('GET', '/v1/storefront/home', { orgId }),
  content: (orgId: string, id: string) => request<StorefrontContent>('GET', `/v1/storefront/content/${encodeURIComponent(id)}`, { orgId }),
  groupon: (orgId: string, id: string) => request<StorefrontGroupon>('GET', `/v1/storefront/groupon/${encodeURIComponent(id)}`, { orgId }),
  join: (orgId: string, id: string, quantity: number, order?: StorefrontGrouponOrder) =>
    request<StorefrontGroupon>('POST', `/v1/storefront/groupon/${encodeURIComponent(id)}/join`, { orgId, body: { quantity, ...(order && { order }) } }),
  leave: (orgId: string, id: string) => request<StorefrontGroupon>('POST', `/v1/storefront/groupon/${encodeURIComponent(id)}/leave`, { orgId }),
  myGroupons: (orgId: string) => request<{ rows: StorefrontGroupon[] }>('GET', '/v1/storefront/mine/groupons', { orgId }),
  offer: (orgId: string) => request<StorefrontOffer>('GET', '/v1/storefront/fruit/offer', { orgId }),
  quote: (orgId: string, body: StorefrontOrderInput) => request<StorefrontQuote>('POST', '/v1/storefront/fruit/quote', { orgId, body }),
  order: (orgId: string, body: StorefrontOrderInput) => request<StorefrontOrder>('POST', '/v1/storefront/orders', { orgId, body }),
  myOrders: (orgId: string) => request<{ rows: StorefrontOrder[]; count: number }>('GET', '/v1/storefront/orders', { orgId }),
  activities: (orgId: string) => request<{ rows: MemberActivity[]; count: number }>('GET', '/v1/storefront/activities', { orgId }),
  signUpActivity: (orgId: string, id: string, seats: number) =>
    request<MemberActivity>('POST', `/v1/storefront/activities/${encodeURIComponent(id)}/signup`, { orgId, body: { seats } }),
  cancelActivitySignUp: (orgId: string, id: string) => request<MemberActivity>('POST', `/v1/storefront/activities/${encodeURIComponent(id)}/cancel`, { orgId }),
  askRefund: (orgId: string, orderId: string, day: string) => request<StorefrontOrder>('POST', `/v1/storefront/orders/${encodeURIComponent(orderId)}/refund`, { orgId, body: { day } }),
};
