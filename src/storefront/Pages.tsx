// Issue 34: the storefront's pages beside the home: a group buy (the link members share), an article or notice, and
// the member's own group buys.
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { storefrontApi, type StorefrontContent, type StorefrontGroupon, type StorefrontOffer } from '../../services/storefront.ts';
import { MyOrders, OrderTermsFields, saveChild, savedChild, termsReady, tomorrow, type OrderTerms } from './Order.tsx';
import { sanitiseRichText } from '../components/richText.ts';
import { GrouponCard, GrouponStatus } from './Home.tsx';
import { dateTime, money } from './format.ts';

/** loads once per key; the error is the server's text */
function useLoad<T>(load: () => Promise<T>, key: string) {
  const [state, setState] = useState<{ data?: T; error?: string }>({});
  useEffect(() => {
    let live = true;
    setState({});
    load().then((data) => live && setState({ data }), (e: Error) => live && setState({ error: e.message }));
    return () => { live = false; };
  }, [key]);
  return [state, setState] as const;
}

export function GrouponPage({ orgId, id, offer }: { orgId: string; id: string; offer: StorefrontOffer | null }) {
  const { i18n } = useLingui();
  const [{ data: g, error }, set] = useLoad(() => storefrontApi.groupon(orgId, id), `${orgId}/${id}`);
  const [quantity, setQuantity] = useState(1);
  const [busy, setBusy] = useState(false);
  const [copied, setCopied] = useState(false);
  // a fruit org's group buy orders fruit for a child when it succeeds
  const [terms, setTerms] = useState<OrderTerms>(() => ({ child: savedChild(), plan: 'week', startDay: tomorrow(), payment: 'gateway' }));
  const join = () => act(async () => {
    const joined = await storefrontApi.join(orgId, id, quantity, offer ? terms : undefined);
    if (offer) saveChild(terms.child);
    return joined;
  });
  const act = async (f: () => Promise<StorefrontGroupon>) => {
    setBusy(true);
    try { set({ data: await f() }); } catch (e) { set((s) => ({ ...s, error: (e as Error).message })); } finally { setBusy(false); }
  };
  if (!g) return <div className="sf-main">{error ? <p className="sf-error" role="alert">{error}</p> : <p className="sf-muted"><Trans>加载中…</Trans></p>}</div>;
  const share = async () => {
    const url = `${location.origin}${location.pathname}${location.search}#/groupon/${g.id}`;
    if (navigator.share) await navigator.share({ title: g.title, url }).catch(() => undefined);
    else { await navigator.clipboard?.writeText(url).catch(() => undefined); setCopied(true); }
  };
  return (
    <div className="sf-main" data-testid="sf-groupon-page">
      <div className="sf-card">
        {g.imageUrl ? <img src={g.imageUrl} alt="" style={{ width: '100%', borderRadius: 8 }} /> : null}
        <h2 style={{ margin: '6px 0' }}>{g.title}</h2>
        <div><span className="sf-price">{money(g.groupPrice, i18n.locale)}</span><span className="sf-was">{money(g.unitPrice, i18n.locale)}</span></div>
        <p className="sf-muted"><Trans>{g.minPeople} 人成团 · 已参团 {g.joined} 人 · {dateTime(g.deadline, i18n.locale)} 截止</Trans></p>
        <p data-testid="sf-groupon-status"><GrouponStatus g={g} /></p>
        <p className="sf-muted"><Trans>截止时人数达到即按团购价下单；未成团不扣款。</Trans></p>
        {g.myQuantity ? <p data-testid="sf-joined"><Trans>我已参团 ×{g.myQuantity}</Trans></p> : null}
        {error ? <p className="sf-error" role="alert">{error}</p> : null}
        {g.status === 'open' && offer ? <div className="sf-form"><OrderTermsFields schools={offer.schools} value={terms} onChange={setTerms} /></div> : null}
        {g.status === 'open' ? (
          <div className="sf-row" style={{ flexWrap: 'wrap' }}>
            <label className="sf-muted"><Trans>数量</Trans>{' '}
              <input type="number" min={1} max={99} value={quantity} onChange={(e) => setQuantity(Number(e.target.value) || 1)} style={{ width: 64, minHeight: 36 }} data-testid="sf-quantity" />
            </label>
            <button type="button" className="sf-btn" disabled={busy || (!!offer && !termsReady(terms))} data-testid="sf-join" onClick={() => void join()}>
              {g.myQuantity ? <Trans>修改数量</Trans> : <Trans>参团</Trans>}
            </button>
            {g.myQuantity ? (
              <button type="button" className="sf-btn sf-ghost" disabled={busy} data-testid="sf-leave" onClick={() => void act(() => storefrontApi.leave(orgId, g.id))}><Trans>退出拼团</Trans></button>
            ) : null}
          </div>
        ) : null}
        <p><button type="button" className="sf-btn sf-ghost" onClick={() => void share()}><Trans>邀请好友拼团</Trans></button> {copied ? <span className="sf-muted"><Trans>链接已复制</Trans></span> : null}</p>
      </div>
    </div>
  );
}

export function ContentPage({ orgId, id }: { orgId: string; id: string }) {
  const [{ data: c, error }] = useLoad<StorefrontContent>(() => storefrontApi.content(orgId, id), `${orgId}/${id}`);
  if (!c) return <div className="sf-main">{error ? <p className="sf-error" role="alert">{error}</p> : <p className="sf-muted"><Trans>加载中…</Trans></p>}</div>;
  return (
    <article className="sf-main sf-card" data-testid="sf-content">
      <h2 style={{ margin: 0 }}>{c.title}</h2>
      <div className="sf-rich" dangerouslySetInnerHTML={{ __html: sanitiseRichText(c.body) }} />
    </article>
  );
}

export function MinePage({ orgId, sellsFruit, onGroupon }: { orgId: string; sellsFruit: boolean; onGroupon: (id: string) => void }) {
  const [{ data, error }] = useLoad(() => storefrontApi.myGroupons(orgId), orgId);
  return (
    <div className="sf-main" data-testid="sf-mine">
      {sellsFruit ? <MyOrders orgId={orgId} /> : null}
      <section className="sf-block">
        <h2><Trans>我的团购</Trans></h2>
        {error ? <p className="sf-error" role="alert">{error}</p> : null}
        {data && !data.rows.length ? <p className="sf-muted"><Trans>还没有参加团购</Trans></p> : null}
        <ul className="sf-list">{data?.rows.map((g) => <GrouponCard key={g.id} g={g} onOpen={onGroupon} />)}</ul>
      </section>
    </div>
  );
}
