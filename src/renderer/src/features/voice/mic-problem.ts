// Why the microphone could not be opened, from the error getUserMedia rejects
// with. Browsers and Electron use different names for the same cause (old
// Chromium said PermissionDeniedError, TrackStartError, DevicesNotFoundError).

export type MicProblem = 'unsupported' | 'denied' | 'none' | 'busy' | 'failed';

export function micProblemOf(error: unknown): MicProblem {
  const name =
    error instanceof Error || (typeof error === 'object' && error !== null && 'name' in error)
      ? String((error as { name: unknown }).name)
      : '';
  switch (name) {
    case 'NotAllowedError':
    case 'PermissionDeniedError':
    case 'SecurityError':
      return 'denied';
    case 'NotFoundError':
    case 'DevicesNotFoundError':
    case 'OverconstrainedError':
      return 'none';
    case 'NotReadableError':
    case 'TrackStartError':
    case 'AbortError':
      return 'busy';
    case 'NotSupportedError':
      return 'unsupported';
    default:
      return 'failed';
  }
}
