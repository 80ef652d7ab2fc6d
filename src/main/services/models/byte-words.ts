// Sizes in words for the core's sentences ("needs 4.4 GB, 1.2 GB free"). Decimal
// gigabytes, as disks and the hub's pages count them. Pure.
const GB = 1e9;
const MB = 1e6;

export function formatBytes(bytes: number): string {
  if (bytes >= GB) return `${(bytes / GB).toFixed(1)} GB`;
  if (bytes >= MB) return `${(bytes / MB).toFixed(1)} MB`;
  return `${Math.max(0, Math.round(bytes))} bytes`;
}
