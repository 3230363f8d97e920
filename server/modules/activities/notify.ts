// Issue 34: the members a change of an activity concerns are told by SMS, the one channel that reaches a parent
// outside the storefront: everyone signed up (confirmed or waiting) when the activity is cancelled, and a waiting
// member when a freed seat confirms him. Sent after the commit and without holding the answer: a gateway that is
// down loses the notice (logged), never the change, which the member also sees in his list.
import type { FastifyBaseLogger } from 'fastify';
import type { ModuleContext } from '../../context.ts';
import type { SmsNotice } from '../../sms/SmsAdapter.ts';
import type { ActivityEvent } from '../../../domain/aggregates/activity.ts';

/** The SMS templates the provider approves for activities (their parameters: SmsAdapter.notify). */
export const ACTIVITY_SMS = { cancelled: 'activityCancelled', promoted: 'activityPromoted' } as const;

const CHINA_TIME = new Intl.DateTimeFormat('zh-CN', {
  timeZone: 'Asia/Shanghai', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23',
});

/** Who is told what after `events`: a member may get one notice per event that names him. */
export function noticesOf(events: readonly ActivityEvent[], activity: { title: string; startsAt: string }, orgName: string): { memberId: string; notice: SmsNotice }[] {
  return events.flatMap((e): { memberId: string; notice: SmsNotice }[] => {
    if (e.type === 'ActivityCancelled') {
      const params = { org: orgName, title: activity.title, reason: e.data.reason };
      return e.data.memberIds.map((memberId) => ({ memberId, notice: { template: ACTIVITY_SMS.cancelled, params } }));
    }
    if (e.type === 'ActivitySignUpPromoted') {
      const params = { org: orgName, title: activity.title, startsAt: CHINA_TIME.format(new Date(activity.startsAt)) };
      return [{ memberId: e.data.memberId, notice: { template: ACTIVITY_SMS.promoted, params } }];
    }
    return [];
  });
}

/** Sends the notices `events` call for to the members' phones, in the background; failures are logged. */
export function notifyMembers(ctx: ModuleContext, log: FastifyBaseLogger, orgId: string, activity: { title: string; startsAt: string }, events: readonly ActivityEvent[]): void {
  if (!events.some((e) => e.type === 'ActivityCancelled' || e.type === 'ActivitySignUpPromoted')) return;
  void (async () => {
    const org = await ctx.db.selectFrom('orgs').select('name').where('org_id', '=', orgId).executeTakeFirst();
    const notices = noticesOf(events, activity, org?.name ?? '');
    if (notices.length === 0) return;
    const phones = new Map((await ctx.db.selectFrom('product_members').select(['user_id', 'phone_number'])
      .where('org_id', '=', orgId).where('user_id', 'in', [...new Set(notices.map((n) => n.memberId))]).execute())
      .map((m) => [m.user_id, m.phone_number]));
    const sent = await Promise.allSettled(notices.filter((n) => phones.get(n.memberId))
      .map((n) => ctx.sms.notify(phones.get(n.memberId)!, n.notice)));
    const failed = sent.filter((r) => r.status === 'rejected');
    if (failed.length) log.warn({ orgId, failed: failed.length, of: sent.length, err: (failed[0] as PromiseRejectedResult).reason }, 'activity SMS notices not sent');
  })().catch((e: unknown) => log.warn({ err: e, orgId }, 'activity SMS notices not sent'));
}
