import { useEffect, useState } from 'react';

/** The time now, read again every `everyMs`, so "5 minutes ago" keeps telling the truth. */
export function useNow(everyMs: number): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(new Date()), everyMs);
    return () => window.clearInterval(timer);
  }, [everyMs]);
  return now;
}
