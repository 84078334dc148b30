import { useEffect, useState } from 'react';

/**
 * The time now, renewed every `everyMs`: what a screen compares a moment with (a scheduled
 * post whose time comes while its list is open is shown as published).
 */
export function useNow(everyMs = 15_000): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}
