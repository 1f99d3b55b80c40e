import { useEffect, useState } from 'react';

/** The current time, refreshed every `everyMs` (a clock for countdowns and "3 minutes ago"). */
export function useNow(everyMs = 1000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}
