// §4 online restriction in the console: every navigation to a menu entry whose extraInfo has `online` asks the
// online-restriction actor (CHECK with the rule, the console's clock, the holidays and the user's roles in the
// org-app); the shell shows the entry only when the actor answers "allowed" for this path.
import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { shallowEqual, useSelector } from '@xstate/react';
import { nowParts } from '../../domain/onlineRestriction.ts';
import type { Holiday, MenuEntry, OnlineRule } from '../../domain/types.ts';
import { holidaysQuery } from '../../services/datetime.ts';
import { useAppActor, useOnlineRestriction, usePowers } from '../app/hooks.ts';

export type OnlineGate =
  | { status: 'open' }
  /** the answer for this path is not in yet (roles or holidays loading) */
  | { status: 'pending' }
  /** msg and title as configured; empty means the page shows its default text */
  | { status: 'blocked'; msg: string; title: string; rule: OnlineRule };

const MINUTE_MS = 60_000;
const NO_HOLIDAYS: Holiday[] = [];

/**
 * The gate of the menu entry shown at `path`. The clock is the root actor's `now` (ticked every second from
 * Date.now), taken by the minute: the rule compares HH:mm, so the page also closes or opens when the
 * allowed window does while it stays open.
 */
export function useOnlineGate(path: string, entry: MenuEntry | undefined): OnlineGate {
  const actor = useOnlineRestriction();
  const minute = useSelector(useAppActor(), (s) => Math.floor(s.context.now / MINUTE_MS));
  const rule = entry?.extraInfo.online;
  const powers = usePowers();
  const year = Number(nowParts(new Date(minute * MINUTE_MS)).date.slice(0, 4));
  // §4 model 2: non-working days come from the holiday calendar (§7 GET /v1/datetime/holidays)
  const needsHolidays = Boolean(rule?.enable && rule.model === 2);
  const holidays = useQuery({ ...holidaysQuery(year), enabled: needsHolidays });
  const holidayRows = holidays.data ?? NO_HOLIDAYS;
  // a calendar that cannot be read leaves the weekend rule (isNonWorkingDay without listed dates)
  const ready = Boolean(rule) && !powers.isLoading && (!needsHolidays || !holidays.isPending || holidays.isError);
  const rolesKey = powers.roles.map((r) => `${r.name}\u0000${r.code}`).join('\u0001');

  useEffect(() => {
    if (!rule || !ready) return;
    actor.send({
      type: 'CHECK',
      rule,
      now: nowParts(new Date(minute * MINUTE_MS)),
      holidays: holidayRows,
      roles: powers.roles.map((r) => ({ name: r.name, code: r.code })),
      path,
    });
    // powers.roles is followed through rolesKey: a new empty array each render must not send again
  }, [actor, rule, ready, minute, holidayRows, rolesKey, path]);

  const answer = useSelector(
    actor,
    (s) => ({ state: s.value as string, path: s.context.path, msg: s.context.msg, title: s.context.title }),
    shallowEqual,
  );
  if (!rule) return { status: 'open' };
  if (!ready || answer.path !== path || answer.state === 'unchecked') return { status: 'pending' };
  return answer.state === 'blocked' ? { status: 'blocked', msg: answer.msg, title: answer.title, rule } : { status: 'open' };
}
