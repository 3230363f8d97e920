// Issue 34 scheduled publishing: a mall record (banner, notice, article, recommendation, campaign) shows from its
// start until its end, both optional; an end before the start is refused.

export interface Schedule {
  /** ISO time it shows from; absent: at once */
  startsAt?: string | null;
  /** ISO time it stops showing; absent: until removed */
  endsAt?: string | null;
}

const time = (iso: string | null | undefined) => (iso ? Date.parse(iso) : NaN);

/** Whether the record shows at `now`. */
export function isLiveAt(s: Schedule, now: Date): boolean {
  const start = time(s.startsAt);
  const end = time(s.endsAt);
  const t = now.getTime();
  return (Number.isNaN(start) || start <= t) && (Number.isNaN(end) || t < end);
}

/** 'scheduled' before its start, 'live', 'ended' after its end: what the operator's lists show. */
export function scheduleStateAt(s: Schedule, now: Date): 'scheduled' | 'live' | 'ended' {
  const t = now.getTime();
  if (!Number.isNaN(time(s.startsAt)) && t < time(s.startsAt)) return 'scheduled';
  if (!Number.isNaN(time(s.endsAt)) && t >= time(s.endsAt)) return 'ended';
  return 'live';
}

/** The schedule's problem (an unreadable time, an end not after the start), else null. */
export function scheduleProblem(s: Schedule): string | null {
  if (s.startsAt && Number.isNaN(time(s.startsAt))) return '开始时间格式不正确';
  if (s.endsAt && Number.isNaN(time(s.endsAt))) return '结束时间格式不正确';
  if (s.startsAt && s.endsAt && time(s.endsAt) <= time(s.startsAt)) return '结束时间必须晚于开始时间';
  return null;
}
