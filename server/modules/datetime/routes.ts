// §7 server time (in the product's time zone) and the holiday calendar (type 1 holiday, 0 make-up working day).
import type { FastifyInstance } from 'fastify';
import type { ModuleContext } from '../../context.ts';
import { envelopeSchema, list, listSchema, ok } from '../../http/envelope.ts';

const tags = ['datetime'];
export const TIME_ZONE = 'Asia/Shanghai';

/** Wall-clock parts of `now` in the product's time zone. */
export function zonedParts(now: Date) {
  const parts = Object.fromEntries(new Intl.DateTimeFormat('en-CA', {
    timeZone: TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', weekday: 'short', hourCycle: 'h23',
  }).formatToParts(now).map((p) => [p.type, p.value]));
  const weekday = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'].indexOf(parts.weekday) + 1;
  return { date: `${parts.year}-${parts.month}-${parts.day}`, time: `${parts.hour}:${parts.minute}`, seconds: parts.second, weekday };
}

export default async function datetimeRoutes(app: FastifyInstance, { db, clock }: ModuleContext) {
  app.get('/v1/datetime', {
    config: { auth: 'public' },
    schema: {
      tags, summary: 'Server time: ISO instant, and date, time and ISO weekday (1 = Monday … 7 = Sunday) in Asia/Shanghai',
      response: {
        200: envelopeSchema({
          type: 'object',
          properties: { now: { type: 'string' }, timestamp: { type: 'integer' }, date: { type: 'string' }, time: { type: 'string' }, weekday: { type: 'integer' }, timeZone: { type: 'string' } },
          required: ['now', 'date', 'time', 'weekday', 'timeZone'],
        }),
      },
    },
  }, async () => {
    const now = clock();
    const { date, time, weekday } = zonedParts(now);
    return ok({ now: now.toISOString(), timestamp: now.getTime(), date, time, weekday, timeZone: TIME_ZONE });
  });

  app.get<{ Querystring: { date?: string } }>('/v1/datetime/holidays', {
    config: { auth: 'user' },
    schema: {
      tags, summary: 'Holidays (type 1) and make-up working days (type 0) of a year (YYYY) or month (YYYY-MM); default: the current year',
      querystring: { type: 'object', properties: { date: { type: 'string', pattern: '^\\d{4}(-(0[1-9]|1[0-2]))?$' } } },
      response: { 200: listSchema({ type: 'object', properties: { date: { type: 'string' }, type: { type: 'integer' }, name: { type: 'string' }, version: { type: 'integer' } } }) },
    },
  }, async (request) => {
    const period = request.query.date ?? zonedParts(clock()).date.slice(0, 4);
    const rows = await db.selectFrom('holidays').select(['date', 'type', 'name', 'version'])
      .where('date', '>=', period.length === 4 ? `${period}-01-01` : `${period}-01`)
      .where('date', '<', nextPeriodStart(period)).orderBy('date').execute();
    return list(rows.map((r) => ({ date: String(r.date), type: r.type, name: r.name, version: r.version })));
  });
}

function nextPeriodStart(period: string): string {
  if (period.length === 4) return `${Number(period) + 1}-01-01`;
  const [y, m] = period.split('-').map(Number);
  return m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
}
