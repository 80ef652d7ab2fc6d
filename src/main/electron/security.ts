// Electron's security checklist, applied to every web contents we create:
// no navigation away from the app, no new windows, no permission but the microphone,
// and a strict CSP on every response.
import { session, type Session, type WebContents } from 'electron';
import { allowPermission } from '../services/app-page/permission-policy';
import { PREVIEW_FRAME_FILE, PREVIEW_FRAME_POLICY } from '@shared/previews/preview-policy';

export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  // Audio a tool returned plays from its data: URL in the step card.
  "media-src 'self' data: blob:",
  // KaTeX's fonts are inlined by the build as data: URLs.
  "font-src 'self' data:",
  "connect-src 'self'",
  // A code block's preview frame (preview-frame.html) is the app's own file; a preview that navigates its frame to
  // anywhere else is refused here.
  "frame-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
].join('; ');

/** The slice of an Electron session the hardening sets. */
export type HardenableSession = Pick<
  Session,
  'setPermissionRequestHandler' | 'setPermissionCheckHandler' | 'webRequest'
>;

/** The slice of a web contents the hardening sets. */
export type HardenableContents = Pick<WebContents, 'on' | 'setWindowOpenHandler'>;

export function hardenSession(
  isAppUrl: (url: string) => boolean,
  ses: HardenableSession = session.defaultSession,
): void {
  // Only the app's page, and only the microphone (F2 voice input).
  ses.setPermissionRequestHandler((_contents, permission, callback, details) => {
    const mediaTypes = 'mediaTypes' in details ? (details.mediaTypes ?? []) : [];
    callback(allowPermission({ permission, url: details.requestingUrl, mediaTypes }, isAppUrl));
  });
  ses.setPermissionCheckHandler((_contents, permission, requestingOrigin, details) => {
    const mediaType = 'mediaType' in details ? details.mediaType : undefined;
    return allowPermission(
      { permission, url: details.requestingUrl ?? requestingOrigin, mediaTypes: mediaType ? [mediaType] : [] },
      isAppUrl,
    );
  });
  ses.webRequest.onHeadersReceived((details, callback) => {
    const policy = contentSecurityPolicyFor(details.url, isAppUrl);
    callback({ responseHeaders: { ...details.responseHeaders, 'Content-Security-Policy': [policy] } });
  });
}

/**
 * The app's policy, but for the preview frame beside the app's page: the preview's own (sandboxed, no network), as
 * the app's would stop its inline scripts and forbid framing it.
 */
export function contentSecurityPolicyFor(url: string | undefined, isAppUrl: (url: string) => boolean): string {
  if (!url || !URL.canParse(url)) return CONTENT_SECURITY_POLICY;
  const parsed = new URL(url);
  const isFrame =
    parsed.pathname.endsWith(`/${PREVIEW_FRAME_FILE}`) &&
    parsed.search === '' &&
    isAppUrl(new URL('index.html', parsed).href);
  return isFrame ? PREVIEW_FRAME_POLICY : CONTENT_SECURITY_POLICY;
}

export function hardenContents(contents: HardenableContents, isAppUrl: (url: string) => boolean): void {
  contents.on('will-navigate', (event, url) => {
    if (!isAppUrl(url)) event.preventDefault();
  });
  contents.on('will-redirect', (event, url) => {
    if (!isAppUrl(url)) event.preventDefault();
  });
  contents.on('will-attach-webview', (event) => event.preventDefault());
  // No window ever opens from the page: a link in an answer leaves the app only through
  // the page's confirmation and `app:open-external`, which checks it again.
  contents.setWindowOpenHandler(() => ({ action: 'deny' }));
}
