// Which browser permissions the app's own page gets: the microphone for voice
// input (F2), and nothing else — no camera, no screen, no notifications, no
// geolocation, and nothing at all for any other page. Pure, so it is tested
// without Electron; the Electron session hands its requests to it.

export interface PermissionAsk {
  permission: string;
  /** the page asking (request: its URL; check: the origin) */
  url: string;
  /** for `media`: what it wants; a request lists them, a check names one */
  mediaTypes: readonly string[];
}

export function allowPermission(ask: PermissionAsk, isAppUrl: (url: string) => boolean): boolean {
  if (!isAppUrl(ask.url)) return false;
  return ask.permission === 'media' && ask.mediaTypes.length > 0 && ask.mediaTypes.every((type) => type === 'audio');
}
