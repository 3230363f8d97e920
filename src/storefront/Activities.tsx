// Issue 34, activityList on the storefront: the activities of his child's school (a nutrition week, an open-kitchen
// day) and his own sign-ups: sign up for one or more seats (a parent and a child), see whether he is in or which
// place he holds on the waiting list, cancel. Seats, deadline and queue are the server's (domain/activity.ts).
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { storefrontApi, type StorefrontActivity } from '../../services/storefront.ts';
import { sanitiseRichText } from '../components/richText.ts';
import { dateTime } from './format.ts';

function Place({ a }: { a: StorefrontActivity }) {
  if (a.status === 'cancelled') return <span className="sf-tag"><Trans>活动已取消</Trans>{a.cancelReason ? `：${a.cancelReason}` : ''}</span>;
  if (!a.mine) return null;
  return a.mine.status === 'confirmed'
    ? <span className="sf-tag" data-testid="sf-activity-place"><Trans>已报名 {a.mine.seats} 人</Trans></span>
    : <span className="sf-tag" data-testid="sf-activity-place"><Trans>候补第 {a.mine.waitingNo} 位</Trans></span>;
}

function ActivityCard({ orgId, a, onChange }: { orgId: string; a: StorefrontActivity; onChange: (a: StorefrontActivity) => void }) {
  const { i18n } = useLingui();
  const [seats, setSeats] = useState(1);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const act = async (f: () => Promise<StorefrontActivity>) => {
    setBusy(true);
    setError('');
    try { onChange(await f()); } catch (e) { setError((e as Error).message); } finally { setBusy(false); }
  };
  const open = a.status === 'published' && Date.parse(a.signUpBy) > Date.now();
  const left = Math.max(0, a.capacity - a.confirmedSeats);
  return (
    <li className="sf-card" data-testid="sf-activity">
      <h3 style={{ margin: '0 0 4px' }}>{a.title}</h3>
      <p className="sf-muted" style={{ margin: 0 }}>{dateTime(a.startsAt, i18n.locale)} · {a.place}</p>
      <p className="sf-muted" style={{ margin: 0 }}><Trans>{dateTime(a.signUpBy, i18n.locale)} 截止报名 · 剩余 {left} 个名额 · 候补 {a.waiting} 位</Trans></p>
      {a.description ? <div className="sf-rich" dangerouslySetInnerHTML={{ __html: sanitiseRichText(a.description) }} /> : null}
      <p><Place a={a} /></p>
      {error ? <p className="sf-error" role="alert">{error}</p> : null}
      {open && !a.mine ? (
        <div className="sf-row">
          {a.seatsPerMember > 1 ? (
            <label className="sf-muted"><Trans>人数</Trans>{' '}
              <input type="number" min={1} max={a.seatsPerMember} value={seats} onChange={(e) => setSeats(Number(e.target.value) || 1)} style={{ width: 56, minHeight: 36 }} />
            </label>
          ) : <span />}
          <button type="button" className="sf-btn" disabled={busy} data-testid="sf-activity-signup" onClick={() => void act(() => storefrontApi.signUpActivity(orgId, a.id, seats))}>
            {left >= seats ? <Trans>报名</Trans> : <Trans>报名候补</Trans>}
          </button>
        </div>
      ) : null}
      {a.mine && a.status !== 'cancelled' ? (
        <button type="button" className="sf-btn sf-ghost" disabled={busy} data-testid="sf-activity-cancel" onClick={() => void act(() => storefrontApi.cancelActivitySignUp(orgId, a.id))}>
          <Trans>取消报名</Trans>
        </button>
      ) : null}
    </li>
  );
}

export function ActivitiesPage({ orgId }: { orgId: string }) {
  const [rows, setRows] = useState<StorefrontActivity[] | null>(null);
  const [error, setError] = useState('');
  useEffect(() => { storefrontApi.activities(orgId).then((r) => setRows(r.rows), (e: Error) => setError(e.message)); }, [orgId]);
  const replace = (a: StorefrontActivity) => setRows((list) => list?.map((x) => (x.id === a.id ? a : x)) ?? null);
  return (
    <div className="sf-main" data-testid="sf-activities">
      <section className="sf-block">
        <h2><Trans>活动报名</Trans></h2>
        {error ? <p className="sf-error" role="alert">{error}</p> : null}
        {rows && !rows.length ? <p className="sf-muted"><Trans>暂无活动</Trans></p> : null}
        <ul className="sf-list">{rows?.map((a) => <ActivityCard key={a.id} orgId={orgId} a={a} onChange={replace} />)}</ul>
      </section>
    </div>
  );
}
