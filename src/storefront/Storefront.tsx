// Issue 34: the members' storefront on a phone: the shop's name and language on top, the sign-in until the member is
// signed in, then the home, a group buy, an article, the activities or his group buys by the address's hash (#/groupon/<id> is the
// link members share).
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { memberToken, storefrontApi, type StorefrontHome, type StorefrontMember, type StorefrontOffer } from '../../services/storefront.ts';
import { OrderPage } from './Order.tsx';
import { Home } from './Home.tsx';
import { SignIn } from './SignIn.tsx';
import { ContentPage, GrouponPage, MinePage } from './Pages.tsx';
import { ActivitiesPage } from './Activities.tsx';
import { STOREFRONT_LOCALES, type StorefrontLocale } from './i18n.ts';

type Route = { page: 'home' } | { page: 'mine' } | { page: 'order' } | { page: 'activities' } | { page: 'groupon'; id: string } | { page: 'content'; id: string };

function routeOf(hash: string): Route {
  const [, page, id] = hash.replace(/^#/, '').split('/');
  if ((page === 'groupon' || page === 'content') && id) return { page, id: decodeURIComponent(id) };
  return page === 'mine' || page === 'order' || page === 'activities' ? { page } : { page: 'home' };
}
const go = (hash: string) => { location.hash = hash; };

const LANGUAGE_NAMES: Record<StorefrontLocale, string> = { 'zh-CN': '简体中文', 'zh-TW': '繁體中文', 'en-US': 'English' };

export function Storefront({ orgId, onLocale }: { orgId: string; onLocale: (l: StorefrontLocale) => void }) {
  const { i18n } = useLingui();
  const [route, setRoute] = useState<Route>(() => routeOf(location.hash));
  const [shopName, setShopName] = useState('');
  const [closed, setClosed] = useState('');
  const [member, setMember] = useState<StorefrontMember | null | undefined>(memberToken(orgId) ? undefined : null);
  const [home, setHome] = useState<StorefrontHome | null>(null);
  /** a fruit org's storefront sells fruit: its offer (null: this shop sells none) */
  const [offer, setOffer] = useState<StorefrontOffer | null>(null);

  useEffect(() => {
    const on = () => setRoute(routeOf(location.hash));
    addEventListener('hashchange', on);
    return () => removeEventListener('hashchange', on);
  }, []);
  useEffect(() => { storefrontApi.shop(orgId).then((s) => setShopName(s.shopName), (e: Error) => setClosed(e.message)); }, [orgId]);
  useEffect(() => {
    if (member === undefined) storefrontApi.me(orgId).then(setMember, () => setMember(null));
  }, [orgId, member]);
  useEffect(() => {
    if (member && route.page === 'home') storefrontApi.home(orgId).then(setHome, () => setMember(null));
  }, [orgId, member, route]);
  useEffect(() => {
    if (member) storefrontApi.offer(orgId).then(setOffer, () => setOffer(null));
  }, [orgId, member]);
  useEffect(() => { if (shopName) document.title = shopName; }, [shopName]);

  const signOut = async () => { await storefrontApi.signOut(orgId).catch(() => undefined); setMember(null); setHome(null); };

  let body;
  if (closed) body = <div className="sf-main"><p className="sf-error" role="alert" data-testid="sf-closed">{closed}</p></div>;
  else if (member === undefined) body = <div className="sf-main"><p className="sf-muted"><Trans>加载中…</Trans></p></div>;
  else if (member === null) body = <SignIn orgId={orgId} onSignedIn={setMember} />;
  else if (route.page === 'groupon') body = <GrouponPage orgId={orgId} id={route.id} offer={offer} />;
  else if (route.page === 'order') body = <OrderPage orgId={orgId} onOrdered={() => go('#/mine')} />;
  else if (route.page === 'activities') body = <ActivitiesPage orgId={orgId} />;
  else if (route.page === 'content') body = <ContentPage orgId={orgId} id={route.id} />;
  else if (route.page === 'mine') body = <MinePage orgId={orgId} sellsFruit={!!offer} onGroupon={(id) => go(`#/groupon/${encodeURIComponent(id)}`)} />;
  else body = home ? <Home home={home} onGroupon={(id) => go(`#/groupon/${encodeURIComponent(id)}`)} onContent={(id) => go(`#/content/${encodeURIComponent(id)}`)} />
    : <div className="sf-main"><p className="sf-muted"><Trans>加载中…</Trans></p></div>;

  return (
    <div className="sf" data-testid="storefront">
      <header className="sf-bar">
        {route.page !== 'home' ? <button type="button" onClick={() => go('#/')} aria-label="back">‹</button> : null}
        <h1 data-testid="sf-shop-name">{shopName}</h1>
        <select aria-label="language" value={i18n.locale} onChange={(e) => onLocale(e.target.value as StorefrontLocale)} data-testid="sf-language">
          {STOREFRONT_LOCALES.map((l) => <option key={l} value={l}>{LANGUAGE_NAMES[l]}</option>)}
        </select>
        {member ? <button type="button" onClick={() => void signOut()} data-testid="sf-signout"><Trans>退出</Trans></button> : null}
      </header>
      {body}
      {member ? (
        <nav className="sf-tabs">
          <button type="button" aria-current={route.page === 'home' ? 'page' : undefined} onClick={() => go('#/')}><Trans>首页</Trans></button>
          {offer ? <button type="button" aria-current={route.page === 'order' ? 'page' : undefined} onClick={() => go('#/order')} data-testid="sf-tab-order"><Trans>订水果</Trans></button> : null}
          <button type="button" aria-current={route.page === 'activities' ? 'page' : undefined} onClick={() => go('#/activities')} data-testid="sf-tab-activities"><Trans>活动</Trans></button>
          <button type="button" aria-current={route.page === 'mine' ? 'page' : undefined} onClick={() => go('#/mine')} data-testid="sf-tab-mine"><Trans>我的</Trans></button>
        </nav>
      ) : null}
    </div>
  );
}
