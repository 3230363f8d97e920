import { useEffect, useState } from 'react';
import { SMS } from '../../../domain/constants.ts';

/** §9 the seconds until another SMS code may be asked for, counting down after each code sent (`start`). */
export function useResendCountdown() {
  const [until, setUntil] = useState(0);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (until <= now) return;
    const id = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(id);
  }, [until, now]);
  const secondsLeft = Math.max(0, Math.ceil((until - now) / 1000));
  return {
    secondsLeft,
    start: () => {
      const t = Date.now();
      setNow(t);
      setUntil(t + SMS.resendSeconds * 1000);
    },
  };
}
