// Issue 34: a member orders fruit on his phone for his child (school, grade, class) for a day, a week or a month of
// school days; the price, the campaign's discount and the days are the server's quote, never computed here. His
// orders list each day's delivery, and a missed day (today or before, not delivered) can be asked back.
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useState, type ReactNode } from 'react';
import {
  storefrontApi, type StorefrontChild, type StorefrontOffer, type StorefrontOrder, type StorefrontOrderInput, type StorefrontQuote,
} from '../../services/storefront.ts';
import { refundRequestProblem } from '../../domain/fruitMall.ts';
import { money } from './format.ts';

const CHILD_KEY = 'storefront:child';
/** the child last ordered for, so the next order and group buy start filled in */
export const savedChild = (): StorefrontChild => {
  try { return { name: '', schoolOrgId: '', grade: '', className: '', ...JSON.parse(localStorage.getItem(CHILD_KEY) ?? '{}') as Partial<StorefrontChild> }; } catch { return { name: '', schoolOrgId: '', grade: '', className: '' }; }
};
export const saveChild = (c: StorefrontChild) => localStorage.setItem(CHILD_KEY, JSON.stringify(c));

const localDay = (d: Date) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
export const tomorrow = () => localDay(new Date(Date.now() + 86_400_000));

export type Plan = StorefrontOrderInput['plan'];
export type Payment = StorefrontOrderInput['payment'];
export interface OrderTerms { child: StorefrontChild; plan: Plan; startDay: string; payment: Payment }

/** The child, the plan, the first day and the payment: the order form and a fruit group buy's join share it. */
export function OrderTermsFields({ schools, value, onChange }: { schools: StorefrontOffer['schools']; value: OrderTerms; onChange: (v: OrderTerms) => void }) {
  const child = (patch: Partial<StorefrontChild>) => onChange({ ...value, child: { ...value.child, ...patch } });
  return (
    <>
      <label><Trans>孩子姓名</Trans><input data-testid="sf-child-name" value={value.child.name} maxLength={64} onChange={(e) => child({ name: e.target.value })} /></label>
      <label><Trans>学校</Trans>
        <select data-testid="sf-child-school" value={value.child.schoolOrgId} onChange={(e) => child({ schoolOrgId: e.target.value })}>
          <option value="" />
          {schools.map((s) => <option key={s.orgId} value={s.orgId}>{s.name}</option>)}
        </select>
      </label>
      <div className="sf-row">
        <label><Trans>年级</Trans><input data-testid="sf-child-grade" value={value.child.grade} maxLength={32} onChange={(e) => child({ grade: e.target.value })} /></label>
        <label><Trans>班级</Trans><input data-testid="sf-child-class" value={value.child.className} maxLength={32} onChange={(e) => child({ className: e.target.value })} /></label>
      </div>
      <label><Trans>订购方式</Trans>
        <select data-testid="sf-plan" value={value.plan} onChange={(e) => onChange({ ...value, plan: e.target.value as Plan })}>
          <option value="day"><Trans>单日</Trans></option>
          <option value="week"><Trans>按周（本周每个上学日）</Trans></option>
          <option value="month"><Trans>按月（本月每个上学日）</Trans></option>
        </select>
      </label>
      <label><Trans>开始日期</Trans><input type="date" data-testid="sf-start-day" value={value.startDay} onChange={(e) => onChange({ ...value, startDay: e.target.value })} /></label>
      <label><Trans>支付方式</Trans>
        <select data-testid="sf-payment" value={value.payment} onChange={(e) => onChange({ ...value, payment: e.target.value as Payment })}>
          <option value="gateway"><Trans>在线支付</Trans></option>
          <option value="offline"><Trans>到校付款</Trans></option>
        </select>
      </label>
    </>
  );
}

export const termsReady = (t: OrderTerms) => !!(t.child.name.trim() && t.child.schoolOrgId && t.child.grade.trim() && t.child.className.trim() && t.startDay);

export function OrderPage({ orgId, onOrdered }: { orgId: string; onOrdered: () => void }) {
  const { i18n } = useLingui();
  const [offer, setOffer] = useState<StorefrontOffer | null>(null);
  const [skuId, setSkuId] = useState('');
  const [quantity, setQuantity] = useState(1);
  const [terms, setTerms] = useState<OrderTerms>(() => ({ child: savedChild(), plan: 'week', startDay: tomorrow(), payment: 'gateway' }));
  const [quote, setQuote] = useState<StorefrontQuote | null>(null);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  useEffect(() => { storefrontApi.offer(orgId).then((o) => { setOffer(o); setSkuId((s) => s || (o.items[0]?.skuId ?? '')); }, (e: Error) => setError(e.message)); }, [orgId]);
  const input: StorefrontOrderInput = { skuId, quantity, ...terms };
  const ready = !!skuId && termsReady(terms);
  const key = JSON.stringify(input);
  // the server's quote of what it would cost now (his level's price, the campaign of his level)
  useEffect(() => {
    setQuote(null);
    if (!ready) return;
    let live = true;
    const t = setTimeout(() => {
      storefrontApi.quote(orgId, input).then((q) => { if (live) { setQuote(q); setError(''); } }, (e: Error) => live && setError(e.message));
    }, 300);
    return () => { live = false; clearTimeout(t); };
  }, [key, ready]);
  const place = async () => {
    setBusy(true);
    setError('');
    try {
      await storefrontApi.order(orgId, input);
      saveChild(terms.child);
      onOrdered();
    } catch (e) { setError((e as Error).message); } finally { setBusy(false); }
  };
  if (!offer) return <div className="sf-main">{error ? <p className="sf-error" role="alert">{error}</p> : <p className="sf-muted"><Trans>加载中…</Trans></p>}</div>;
  return (
    <form className="sf-main sf-form" data-testid="sf-order" onSubmit={(e) => { e.preventDefault(); void place(); }}>
      <h2><Trans>订购水果</Trans></h2>
      <ul className="sf-list">
        {offer.items.map((f) => (
          <li key={f.skuId} className="sf-card">
            <label className="sf-row" data-testid="sf-fruit" data-name={f.name}>
              <input type="radio" name="sku" checked={skuId === f.skuId} onChange={() => setSkuId(f.skuId)} style={{ width: 'auto', minHeight: 0 }} />
              <span>{f.name} <span className="sf-muted">{f.spec}</span></span>
              <span className="sf-price">{money(f.price, i18n.locale)}/{f.unit}</span>
            </label>
          </li>
        ))}
      </ul>
      <label><Trans>每天数量</Trans>
        <input type="number" min={1} max={99} value={quantity} data-testid="sf-order-quantity" onChange={(e) => setQuantity(Math.max(1, Math.min(99, Number(e.target.value) || 1)))} />
      </label>
      <OrderTermsFields schools={offer.schools} value={terms} onChange={setTerms} />
      {quote ? (
        <div className="sf-card" data-testid="sf-quote">
          <div><Trans>共 {quote.days.length} 个上学日，原价 {money(quote.listAmount, i18n.locale)}</Trans></div>
          {quote.discount > 0 ? <div className="sf-tag" data-testid="sf-discount"><Trans>{quote.campaignName}：减 {money(quote.discount, i18n.locale)}</Trans></div> : null}
          <div><Trans>应付</Trans> <span className="sf-price" data-testid="sf-total">{money(quote.amount, i18n.locale)}</span></div>
        </div>
      ) : null}
      {error ? <p className="sf-error" role="alert" data-testid="sf-error">{error}</p> : null}
      <button type="submit" className="sf-btn" data-testid="sf-place-order" disabled={!quote || busy}><Trans>提交订单</Trans></button>
    </form>
  );
}

const STATUS: Record<StorefrontOrder['status'], () => ReactNode> = {
  placed: () => <Trans>待支付</Trans>, paid: () => <Trans>已支付</Trans>, delivered: () => <Trans>已送完</Trans>,
  refunded: () => <Trans>已退款</Trans>, cancelled: () => <Trans>已取消</Trans>,
};

export function MyOrders({ orgId }: { orgId: string }) {
  const { i18n } = useLingui();
  const [orders, setOrders] = useState<StorefrontOrder[] | null>(null);
  const [error, setError] = useState('');
  useEffect(() => { storefrontApi.myOrders(orgId).then((r) => setOrders(r.rows), (e: Error) => setError(e.message)); }, [orgId]);
  const today = localDay(new Date());
  const ask = async (o: StorefrontOrder, day: string) => {
    try {
      const next = await storefrontApi.askRefund(orgId, o.orderId, day);
      setOrders((all) => all?.map((x) => (x.orderId === next.orderId ? next : x)) ?? null);
    } catch (e) { setError((e as Error).message); }
  };
  return (
    <section className="sf-block" data-testid="sf-my-orders">
      <h2><Trans>我的订单</Trans></h2>
      {error ? <p className="sf-error" role="alert">{error}</p> : null}
      {orders && !orders.length ? <p className="sf-muted"><Trans>还没有订单</Trans></p> : null}
      <ul className="sf-list">
        {orders?.map((o) => {
          const facts = { status: o.status, payment: o.payment, days: Object.fromEntries(o.days.map((d) => [d.day, d.status])), requested: Object.fromEntries(o.days.filter((d) => d.refundRequested).map((d) => [d.day, true as const])) };
          return (
            <li key={o.orderId} className="sf-card" data-testid="sf-my-order" data-order-no={o.orderNo} data-status={o.status}>
              <div className="sf-row"><strong>{o.skuName} × {o.quantity}{o.unit}</strong><span>{STATUS[o.status]()}</span></div>
              <div className="sf-muted">{o.childName} · {o.schoolName} {o.grade}{o.className}</div>
              <div>
                <span className="sf-price" data-testid="sf-order-amount">{money(o.amount, i18n.locale)}</span>
                {o.discount > 0 ? <span className="sf-was">{money(o.listAmount, i18n.locale)}</span> : null}
                {o.campaignName ? <span className="sf-tag">{o.campaignName}</span> : null}
                {o.grouponId ? <span className="sf-tag" data-testid="sf-order-groupon"><Trans>团购价</Trans></span> : null}
              </div>
              <ul className="sf-days">
                {o.days.map((d) => (
                  <li key={d.day} data-day={d.day} data-status={d.status}>
                    {d.day.slice(5)}{' '}
                    {d.status === 'delivered' ? <Trans>已送达</Trans> : d.status === 'refunded' ? <Trans>已退款</Trans> : d.refundRequested ? <Trans>退款申请中</Trans> : <Trans>待配送</Trans>}
                    {refundRequestProblem(facts, d.day, today) === null ? (
                      <button type="button" className="sf-link sf-ask" data-testid="sf-ask-refund" onClick={() => void ask(o, d.day)}><Trans>未送达，申请退款</Trans></button>
                    ) : null}
                  </li>
                ))}
              </ul>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
