// The session and contents hardening through a stand-in electron: the CSP on every
// response, permissions through the pure policy, no window.open, no webviews, no
// navigation away from the app.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { BrowserWindow } from 'electron';
import { standIn, standInEvent, type StandInBrowserWindow } from '@test-support/electron/stand-in-electron';
import { appUrlMatcher } from '../services/app-page/app-url';
import { PREVIEW_FRAME_POLICY } from '@shared/previews/preview-policy';
import { CONTENT_SECURITY_POLICY, contentSecurityPolicyFor, hardenContents, hardenSession } from './security';

vi.mock('electron', async () => (await import('@test-support/electron/stand-in-electron')).electronModule);

const APP = 'http://localhost:5173';
const isAppUrl = (url: string) => URL.canParse(url) && new URL(url).origin === APP;

beforeEach(() => standIn.reset());

describe('hardenSession (stand-in electron)', () => {
  it('hardens the default session when given none', () => {
    hardenSession(isAppUrl);
    expect(standIn.session.permissionRequestHandler).toBeTypeOf('function');
    expect(standIn.session.permissionCheckHandler).toBeTypeOf('function');
    expect(standIn.session.headersListener).toBeTypeOf('function');
  });

  it('sets the CSP header on every response, keeping the others', () => {
    hardenSession(isAppUrl);
    let answered: unknown;
    standIn.session.headersListener?.(
      { responseHeaders: { 'Content-Type': ['text/html'], 'Content-Security-Policy': ['default-src *'] } },
      (response) => (answered = response),
    );
    expect(answered).toEqual({
      responseHeaders: { 'Content-Type': ['text/html'], 'Content-Security-Policy': [CONTENT_SECURITY_POLICY] },
    });
    expect(CONTENT_SECURITY_POLICY).toContain("default-src 'self'");
    expect(CONTENT_SECURITY_POLICY).toContain("object-src 'none'");
    expect(CONTENT_SECURITY_POLICY).not.toMatch(/script-src[^;]*unsafe/);
  });

  it("gives the preview frame beside the app's page its own sandboxed policy, and nothing else that policy", () => {
    hardenSession(isAppUrl);
    let answered: unknown;
    standIn.session.headersListener?.(
      { url: `${APP}/preview-frame.html`, responseHeaders: {} } as never,
      (response) => (answered = response),
    );
    expect(answered).toEqual({ responseHeaders: { 'Content-Security-Policy': [PREVIEW_FRAME_POLICY] } });
    expect(CONTENT_SECURITY_POLICY).toContain("frame-src 'self'");

    const built = appUrlMatcher(null, '/app/out/renderer/index.html');
    expect(contentSecurityPolicyFor('file:///app/out/renderer/preview-frame.html', built)).toBe(PREVIEW_FRAME_POLICY);
    for (const url of [
      'file:///app/out/renderer/index.html',
      'file:///app/out/renderer/preview-frame.html?x',
      'file:///app/out/renderer/sub/preview-frame.html',
      'file:///elsewhere/preview-frame.html',
      'https://evil.example/preview-frame.html',
      'not a url',
      undefined,
    ])
      expect(contentSecurityPolicyFor(url, built), String(url)).toBe(CONTENT_SECURITY_POLICY);
    expect(contentSecurityPolicyFor('https://evil.example/preview-frame.html', isAppUrl)).toBe(CONTENT_SECURITY_POLICY);
  });

  it('grants the app page the microphone and nothing else', () => {
    hardenSession(isAppUrl);
    const request = (permission: string, url: string, mediaTypes?: string[]) => {
      let granted: boolean | undefined;
      standIn.session.permissionRequestHandler?.({}, permission, (allow: boolean) => (granted = allow), {
        requestingUrl: url,
        ...(mediaTypes ? { mediaTypes } : {}),
      });
      return granted;
    };
    expect(request('media', `${APP}/`, ['audio'])).toBe(true);
    expect(request('media', `${APP}/`, ['audio', 'video'])).toBe(false);
    expect(request('media', `${APP}/`)).toBe(false);
    expect(request('notifications', `${APP}/`)).toBe(false);
    expect(request('media', 'https://evil.example/', ['audio'])).toBe(false);

    const check = (permission: string, origin: string, details: Record<string, unknown>) =>
      standIn.session.permissionCheckHandler?.({}, permission, origin, details);
    expect(check('media', APP, { mediaType: 'audio', requestingUrl: `${APP}/` })).toBe(true);
    expect(check('media', APP, { mediaType: 'video', requestingUrl: `${APP}/` })).toBe(false);
    expect(check('media', 'https://evil.example', { mediaType: 'audio' })).toBe(false);
    expect(check('geolocation', APP, { requestingUrl: `${APP}/` })).toBe(false);
  });
});

describe('hardenContents (stand-in electron)', () => {
  function hardened() {
    const win = new BrowserWindow() as unknown as StandInBrowserWindow;
    hardenContents(win.webContents as never, isAppUrl);
    return win.webContents;
  }

  it('denies every window.open', () => {
    const contents = hardened();
    for (const url of [`${APP}/other`, 'https://example.com/', 'javascript:alert(1)'])
      expect(contents.windowOpenHandler?.({ url })).toEqual({ action: 'deny' });
  });

  it('refuses every webview', () => {
    const contents = hardened();
    const event = standInEvent();
    contents.emit('will-attach-webview', event, {}, {});
    expect(event.defaultPrevented).toBe(true);
  });

  it('keeps navigation and redirects on the app', () => {
    const contents = hardened();
    for (const name of ['will-navigate', 'will-redirect']) {
      const away = standInEvent();
      contents.emit(name, away, 'https://evil.example/');
      expect(away.defaultPrevented, name).toBe(true);
      const lookalike = standInEvent();
      contents.emit(name, lookalike, 'http://localhost:5173.evil.example/');
      expect(lookalike.defaultPrevented, name).toBe(true);
      const inside = standInEvent();
      contents.emit(name, inside, `${APP}/#/settings`);
      expect(inside.defaultPrevented, name).toBe(false);
    }
  });
});
