// Default start dates of the recipe cycle dialogs, in local time: §9 weeks start Monday; a month cycle starts on the 1st.
import { WEEK_STARTS_ON } from '../../../../../domain/constants.ts';

const ymd = (d: Date) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;

/** The next Monday on or after today. */
export function nextMonday(now = new Date()): string {
  const d = new Date(now.getFullYear(), now.getMonth(), now.getDate());
  d.setDate(d.getDate() + ((WEEK_STARTS_ON - d.getDay() + 7) % 7));
  return ymd(d);
}

/** The 1st of next month. */
export const firstOfNextMonth = (now = new Date()) => ymd(new Date(now.getFullYear(), now.getMonth() + 1, 1));
