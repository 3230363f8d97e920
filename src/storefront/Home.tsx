// Issue 34: the storefront's home, block by block in the template's order. The member's phone renders it, and so does
// the console's preview (mallHome) at phone size. Rich text is sanitised again here (§5, on the way out).
import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import type { StorefrontHome, StorefrontGroupon } from '../../services/storefront.ts';
import { sanitiseRichText } from '../components/richText.ts';
import { dateTime, money } from './format.ts';
import './storefront.css';

interface Props {
  home: StorefrontHome;
  onGroupon?: (id: string) => void;
  onContent?: (id: string) => void;
}

export function GrouponStatus({ g }: { g: StorefrontGroupon }) {
  switch (g.status) {
    case 'open': return g.needed > 0 ? <Trans>还差 {g.needed} 人成团</Trans> : <Trans>已成团人数，截止后生效</Trans>;
    case 'settling': return <Trans>结算中</Trans>;
    case 'succeeded': return <Trans>拼团成功</Trans>;
    case 'failed': return <Trans>未成团，不扣款</Trans>;
    case 'cancelled': return <Trans>已取消，不扣款</Trans>;
  }
}

export function GrouponCard({ g, onOpen }: { g: StorefrontGroupon; onOpen?: (id: string) => void }) {
  const { i18n } = useLingui();
  return (
    <li className="sf-card" data-testid="sf-groupon">
      <button type="button" className="sf-link sf-row" onClick={() => onOpen?.(g.id)}>
        <div>
          <div>{g.title}</div>
          <div><span className="sf-price">{money(g.groupPrice, i18n.locale)}</span><span className="sf-was">{money(g.unitPrice, i18n.locale)}</span></div>
          <div className="sf-muted">
            <Trans>{g.minPeople} 人成团 · 已参团 {g.joined} 人 · {dateTime(g.deadline, i18n.locale)} 截止</Trans>
          </div>
          <div className="sf-muted" data-testid="sf-groupon-status"><GrouponStatus g={g} />{g.myQuantity ? <> · <Trans>我已参团 ×{g.myQuantity}</Trans></> : null}</div>
          {g.myOrder?.status === 'placed' ? <div className="sf-muted" data-testid="sf-groupon-order"><Trans>已下单 {g.myOrder.orderNo}</Trans></div> : null}
          {g.myOrder?.status === 'failed' ? <div className="sf-error" data-testid="sf-groupon-order"><Trans>下单失败：{g.myOrder.reason}</Trans></div> : null}
        </div>
        {g.imageUrl ? <img className="sf-thumb" src={g.imageUrl} alt="" loading="lazy" /> : null}
      </button>
    </li>
  );
}

function Block({ title, fallback, children, testId }: { title?: string; fallback: ReactNode; children: ReactNode; testId: string }) {
  return (
    <section className="sf-block" data-testid={testId}>
      <h2>{title || fallback}</h2>
      {children}
    </section>
  );
}

export function Home({ home, onGroupon, onContent }: Props) {
  const { i18n } = useLingui();
  const sections = home.blocks.map(({ block, title }) => {
    switch (block) {
      case 'banners':
        return home.banners.length ? (
          <div key={block} className="sf-banners" data-testid="sf-banners">
            {home.banners.map((b) => (
              <a key={b.id} className="sf-banner" href={b.linkUrl ?? undefined} data-testid="sf-banner">
                {b.imageUrl ? <img src={b.imageUrl} alt="" /> : null}
                <span>{b.title}</span>
              </a>
            ))}
          </div>
        ) : null;
      case 'notices':
        return home.notices.length ? (
          <Block key={block} title={title} fallback={<Trans>通知</Trans>} testId="sf-notices">
            <ul className="sf-list">
              {home.notices.map((n) => (
                <li key={n.id} className="sf-card">
                  <strong>{n.title}</strong>
                  <div className="sf-rich" dangerouslySetInnerHTML={{ __html: sanitiseRichText(n.body) }} />
                </li>
              ))}
            </ul>
          </Block>
        ) : null;
      case 'campaigns':
        return home.campaigns.length ? (
          <Block key={block} title={title} fallback={<Trans>优惠活动</Trans>} testId="sf-campaigns">
            <ul className="sf-list">
              {home.campaigns.map((c) => (
                <li key={c.id} className="sf-card">
                  <div className="sf-row">
                    <span>{c.name}</span>
                    <span className="sf-tag">
                      {c.kind === 'discount' ? <Trans>减 {c.percentOff}%</Trans>
                        : c.kind === 'coupon' ? <Trans>满 {money(c.threshold ?? 0, i18n.locale)} 减 {money(c.amountOff ?? 0, i18n.locale)}</Trans>
                          : <Trans>赠 {c.gift}</Trans>}
                    </span>
                  </div>
                  {c.endsAt ? <div className="sf-muted"><Trans>{dateTime(c.endsAt, i18n.locale)} 结束</Trans></div> : null}
                </li>
              ))}
            </ul>
          </Block>
        ) : null;
      case 'groupons':
        return home.groupons.length ? (
          <Block key={block} title={title} fallback={<Trans>团购</Trans>} testId="sf-groupons">
            <ul className="sf-list">{home.groupons.map((g) => <GrouponCard key={g.id} g={g} onOpen={onGroupon} />)}</ul>
          </Block>
        ) : null;
      case 'recommendations':
        return home.recommendations.length ? (
          <Block key={block} title={title} fallback={<Trans>为你推荐</Trans>} testId="sf-recommendations">
            <ul className="sf-list">
              {home.recommendations.map((r) => (
                <li key={r.id} className="sf-card sf-row">
                  <div>{r.title} {r.note ? <span className="sf-tag">{r.note}</span> : null}</div>
                  {r.imageUrl ? <img className="sf-thumb" src={r.imageUrl} alt="" loading="lazy" /> : null}
                </li>
              ))}
            </ul>
          </Block>
        ) : null;
      case 'articles':
        return home.articles.length ? (
          <Block key={block} title={title} fallback={<Trans>文章</Trans>} testId="sf-articles">
            <ul className="sf-list">
              {home.articles.map((a) => (
                <li key={a.id} className="sf-card">
                  <button type="button" className="sf-link sf-row" onClick={() => onContent?.(a.id)}>
                    <span>{a.title}</span>
                    {a.imageUrl ? <img className="sf-thumb" src={a.imageUrl} alt="" loading="lazy" /> : null}
                  </button>
                </li>
              ))}
            </ul>
          </Block>
        ) : null;
    }
  });
  const empty = sections.every((s) => s === null);
  return <div className="sf-main" data-testid="sf-home">{empty ? <p className="sf-muted"><Trans>商城还没有内容</Trans></p> : sections}</div>;
}
