// The sender check alone: each way a call can come from somewhere other than the
// app's own page has its own reason.
import { describe, expect, it } from 'vitest';
import { refuseSender, type SenderWindow } from './ipc-sender';

const APP = 'file:///app/out/renderer/index.html';
const isAppUrl = (url: string) => url === APP || url.startsWith(`${APP}#`);

function appWindow(destroyed = false) {
  const mainFrame = { url: APP };
  const webContents = { mainFrame };
  const window: SenderWindow = { isDestroyed: () => destroyed, webContents };
  return { window, webContents, mainFrame };
}

describe('refuseSender', () => {
  it('lets the app window main frame on the app page through', () => {
    const { window, webContents, mainFrame } = appWindow();
    expect(refuseSender({ sender: webContents, senderFrame: mainFrame }, window, isAppUrl)).toBeNull();
    mainFrame.url = `${APP}#/settings`;
    expect(refuseSender({ sender: webContents, senderFrame: mainFrame }, window, isAppUrl)).toBeNull();
  });

  it('gives each refusal its own reason', () => {
    const { window, webContents, mainFrame } = appWindow();
    const reasons = [
      refuseSender({ sender: webContents, senderFrame: mainFrame }, null, isAppUrl),
      refuseSender({ sender: webContents, senderFrame: mainFrame }, appWindow(true).window, isAppUrl),
      refuseSender({ sender: { other: 'contents' }, senderFrame: mainFrame }, window, isAppUrl),
      refuseSender({ sender: webContents, senderFrame: null }, window, isAppUrl),
      refuseSender({ sender: webContents, senderFrame: { url: APP } }, window, isAppUrl),
      refuseSender(
        { sender: webContents, senderFrame: Object.assign(mainFrame, { url: 'https://evil.example/' }) },
        window,
        isAppUrl,
      ),
    ];
    expect(reasons).toEqual([
      'no app window is open',
      'the app window is closed',
      'the sender is not the app window',
      'the sending frame is gone',
      'the sender is a sub-frame, not the main frame',
      "the sending page is not the app's (https://evil.example/)",
    ]);
    expect(new Set(reasons).size).toBe(reasons.length);
  });

  it('never reads a destroyed window webContents', () => {
    const destroyed: SenderWindow = {
      isDestroyed: () => true,
      get webContents(): never {
        throw new TypeError('Object has been destroyed');
      },
    };
    expect(refuseSender({ sender: {}, senderFrame: null }, destroyed, isAppUrl)).toBe('the app window is closed');
  });

  it('cuts a long foreign URL in the reason', () => {
    const { window, webContents, mainFrame } = appWindow();
    mainFrame.url = `https://evil.example/${'x'.repeat(5000)}`;
    const reason = refuseSender({ sender: webContents, senderFrame: mainFrame }, window, isAppUrl);
    expect(reason?.length).toBeLessThan(300);
    expect(reason).toContain('https://evil.example/');
  });
});
