import { useEffect, useState } from 'react';

/** The current time, re-read every `intervalMs` while `active`; a still clock otherwise. */
export function useNow(active: boolean, intervalMs = 250): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    const tick = (): void => setNow(Date.now());
    tick();
    const handle = setInterval(tick, intervalMs);
    return () => clearInterval(handle);
  }, [active, intervalMs]);
  return now;
}
