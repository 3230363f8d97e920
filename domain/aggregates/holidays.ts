// §4 the holiday calendar (holidays and make-up working days) the platform keeps: one stream per year.
import { refuse, type Decider, type DomainEvent } from '../decider.ts';

export interface HolidaySet { date: string; type: number; name: string }
export interface HolidayRemoved { date: string }
export type HolidayEvent = DomainEvent<'HolidaySet', HolidaySet> | DomainEvent<'HolidayRemoved', HolidayRemoved>;

export type HolidayCommand =
  | { type: 'AddHoliday'; date: string; dayType: number; name: string }
  | { type: 'ChangeHoliday'; date: string; dayType: number; name?: string }
  | { type: 'RemoveHoliday'; date: string };

/** The listed dates of the year. */
export type HolidayYear = ReadonlyMap<string, { type: number; name: string }>;

const notListed = (date: string) => refuse('notFound', `${date} 未设置为节假日或调休日`);

export const holidayDecider: Decider<HolidayCommand, HolidayYear, HolidayEvent> = {
  initialState: () => new Map(),
  decide(command, year) {
    const listed = year.get(command.date);
    switch (command.type) {
      case 'AddHoliday':
        if (listed) return refuse('conflict', `${command.date} 已设置，请修改或先删除`);
        return [{ type: 'HolidaySet', data: { date: command.date, type: command.dayType, name: command.name } }];
      case 'ChangeHoliday':
        if (!listed) return notListed(command.date);
        return [{ type: 'HolidaySet', data: { date: command.date, type: command.dayType, name: command.name ?? listed.name } }];
      case 'RemoveHoliday':
        if (!listed) return notListed(command.date);
        return [{ type: 'HolidayRemoved', data: { date: command.date } }];
    }
  },
  evolve(year, event) {
    const next = new Map(year);
    if (event.type === 'HolidaySet') next.set(event.data.date, { type: event.data.type, name: event.data.name });
    else next.delete(event.data.date);
    return next;
  },
};
