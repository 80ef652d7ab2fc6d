// The Electron entry: the desktop shell (electron/desktop-shell.ts) with the real core
// and the real loopback host. Everything else starts there, once the app is ready.
import { createCore } from './core';
import { startBrowserHost } from './host/browser-host';
import { runDesktopApp } from './electron/desktop-shell';

runDesktopApp({ mainDir: import.meta.dirname, env: process.env, stdin: process.stdin, createCore, startBrowserHost });
