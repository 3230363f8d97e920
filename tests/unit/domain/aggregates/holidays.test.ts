import { describe, it } from 'vitest';
import { holidayDecider, type HolidayEvent } from '../../../../domain/aggregates/holidays.ts';
import { given } from '../../../support/decider.ts';

const newYear: HolidayEvent = { type: 'HolidaySet', data: { date: '2027-01-01', type: 1, name: '元旦' } };

describe('holiday decider', () => {
  it('lists a date once', () => {
    given(holidayDecider).when({ type: 'AddHoliday', date: '2027-01-01', dayType: 1, name: '元旦' }).then([newYear]);
    given(holidayDecider, [newYear]).when({ type: 'AddHoliday', date: '2027-01-01', dayType: 0, name: '' }).thenRefused('conflict', /已设置/);
  });
  it('changes a listed date, keeping its name unless a new one is given', () => {
    given(holidayDecider, [newYear]).when({ type: 'ChangeHoliday', date: '2027-01-01', dayType: 0 })
      .then([{ type: 'HolidaySet', data: { date: '2027-01-01', type: 0, name: '元旦' } }]);
    given(holidayDecider).when({ type: 'ChangeHoliday', date: '2027-01-02', dayType: 0 }).thenRefused('notFound');
  });
  it('removes a listed date, and only a listed one', () => {
    const removed: HolidayEvent = { type: 'HolidayRemoved', data: { date: '2027-01-01' } };
    given(holidayDecider, [newYear]).when({ type: 'RemoveHoliday', date: '2027-01-01' }).then([removed]);
    given(holidayDecider, [newYear, removed]).when({ type: 'RemoveHoliday', date: '2027-01-01' }).thenRefused('notFound');
  });
});
