// A download's speed and time left, smoothed so the numbers do not jump with
// every chunk, and the pace of progress events (at most four a second). Pure:
// the caller passes the clock.
export const PROGRESS_INTERVAL_MS = 250;
// Weight of the newest interval's speed; ~2 s of memory at four samples a second.
const SMOOTHING = 0.2;

export class RateMeter {
  private lastAt: number;
  private lastBytes: number;
  private rate = 0;
  private sampled = false;

  constructor(startBytes: number, now: number) {
    this.lastAt = now;
    this.lastBytes = startBytes;
  }

  /** Whether a progress event is due at `now`. */
  due(now: number): boolean {
    return now - this.lastAt >= PROGRESS_INTERVAL_MS;
  }

  /** Takes the bytes received so far at `now`; returns the smoothed speed and the seconds left (null while unknown). */
  sample(receivedBytes: number, totalBytes: number, now: number): { bytesPerSec: number; etaSec: number | null } {
    const elapsed = now - this.lastAt;
    if (elapsed > 0) {
      const instant = ((receivedBytes - this.lastBytes) * 1000) / elapsed;
      this.rate = this.sampled ? SMOOTHING * instant + (1 - SMOOTHING) * this.rate : instant;
      this.sampled = true;
      this.lastAt = now;
      this.lastBytes = receivedBytes;
    }
    const left = Math.max(0, totalBytes - receivedBytes);
    const etaSec = this.rate > 0 && totalBytes > 0 ? Math.ceil(left / this.rate) : null;
    return { bytesPerSec: Math.max(0, Math.round(this.rate)), etaSec };
  }
}
