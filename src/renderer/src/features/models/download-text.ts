// Numbers of a download as the view shows them; pure, so they are tested alone.
import type { DownloadState } from '@shared/models/model-library';
import { formatBytes, formatElapsed } from '../../lib/format';

/** 0–100, whole; 0 while the size is unknown. */
export function percentOf(received: number, total: number): number {
  return total > 0 ? Math.min(100, Math.floor((received / total) * 100)) : 0;
}

/** "12.5 MiB/s"; '' before the first measurement. */
export function speedText(bytesPerSec: number): string {
  return bytesPerSec > 0 ? `${formatBytes(bytesPerSec)}/s` : '';
}

/** "1:05" left, '' when unknown. */
export function etaText(etaSec: number | null): string {
  return etaSec !== null && Number.isFinite(etaSec) && etaSec > 0 ? formatElapsed(etaSec * 1000) : '';
}

/** "1.2 GiB of 4.4 GiB". */
export function progressBytes(state: Pick<DownloadState, 'receivedBytes' | 'totalBytes'>): {
  received: string;
  total: string;
} {
  return { received: formatBytes(state.receivedBytes), total: formatBytes(state.totalBytes) };
}

/** A file name from a repository path (`sub/x.gguf` → `x.gguf`). */
export function fileNameOf(path: string): string {
  return path.slice(Math.max(path.lastIndexOf('/'), path.lastIndexOf('\\')) + 1);
}
