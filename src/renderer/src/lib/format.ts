// Locale-neutral number formatting shared by the views.

/** 850 → "0.9 s", 12_345 → "12.3 s", 65_000 → "1:05", 3_725_000 → "1:02:05". Negative input counts as 0. */
export function formatElapsed(ms: number): string {
  const safe = Number.isFinite(ms) && ms > 0 ? ms : 0;
  if (safe < 60_000) return `${(Math.floor(safe / 100) / 10).toFixed(1)} s`;
  const totalSeconds = Math.floor(safe / 1000);
  const hours = Math.floor(totalSeconds / 3600);
  const minutes = Math.floor((totalSeconds % 3600) / 60);
  const seconds = String(totalSeconds % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${seconds}` : `${minutes}:${seconds}`;
}

/** 512 → "512 MiB", 81_559 → "79.6 GiB". */
export function formatMiB(mib: number): string {
  return mib < 1024 ? `${Math.round(mib)} MiB` : `${(mib / 1024).toFixed(1)} GiB`;
}

/** Bytes as MiB/GiB, for model file sizes; a small file in KiB or bytes rather than "0 MiB". */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${Math.max(0, Math.round(bytes))} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KiB`;
  return formatMiB(bytes / (1024 * 1024));
}

/** Local wall-clock time with milliseconds, for log lines: "14:03:07.042". */
export function formatClock(epochMs: number): string {
  const date = new Date(epochMs);
  const pad = (n: number, width = 2): string => String(n).padStart(width, '0');
  return `${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}.${pad(date.getMilliseconds(), 3)}`;
}

let countFormat: Intl.NumberFormat | null = null;

/** A whole count with thousands separators: 7,048. */
export function formatCount(n: number): string {
  // One formatter, made on first use: toLocaleString builds one per call, which cost a
  // streaming answer's live token count a quarter of a millisecond a paint.
  countFormat ??= new Intl.NumberFormat('en-US');
  return countFormat.format(Math.round(n));
}
