import { useEffect, useState } from 'react';

/**
 * The time, updated once a second while `origin` is set, on the second boundaries counted from
 * `origin` (so "7 s" since it, or a countdown to it, changes when the whole second does).
 */
export function useNow(origin: number | null): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (origin === null) return;
    let timer: ReturnType<typeof setTimeout>;
    const tick = () => {
      const current = Date.now();
      setNow(current);
      const intoSecond = (((current - origin) % 1000) + 1000) % 1000;
      timer = setTimeout(tick, 1000 - intoSecond + 5);
    };
    tick();
    return () => clearTimeout(timer);
  }, [origin]);
  return now;
}
