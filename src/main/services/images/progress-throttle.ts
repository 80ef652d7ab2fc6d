// At most one progress event per interval, except that a change of phase and
// the last step of one always go out at once: sd-cli redraws its loading bar
// hundreds of times a second, and each event costs CPU that sampling is using.
import type { ImageProgress } from '@shared/images/image-types';

export function progressThrottle(
  send: (progress: ImageProgress) => void,
  intervalMs: number,
  now: () => number = () => performance.now(),
): (progress: ImageProgress) => void {
  let lastAt = -Infinity;
  let lastPhase: ImageProgress['phase'] | null = null;
  return (progress) => {
    const at = now();
    const milestone = progress.phase !== lastPhase || (progress.total > 0 && progress.done === progress.total);
    if (!milestone && at - lastAt < intervalMs) return;
    lastAt = at;
    lastPhase = progress.phase;
    send(progress);
  };
}
