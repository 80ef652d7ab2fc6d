// The Electron shell (desktop-shell.ts) as its tests run it: against the stand-in electron (which each test file
// mocks `electron` with) and a fresh stand-in core per test.
import { PassThrough } from 'node:stream';
import { afterEach, beforeEach, vi } from 'vitest';
import { runDesktopApp, type DesktopShellDeps } from '@main/electron/desktop-shell';
import { standIn } from './stand-in-electron';
import { standInCores, type StandInCores } from './stand-in-core';

/** where the shell believes its built main process is */
export const MAIN_DIR = '/app/out/main';

/** Waits until the app has exited (each step of the quit path is a promise turn). */
export function exited(): Promise<void> {
  return new Promise((resolve) => (standIn.app.exited ? resolve() : standIn.app.once('quit', () => resolve())));
}

/** the accelerators the app holds now, sorted */
export const held = () => [...standIn.globalShortcut.held.keys()].sort();

/** Resets the stand-ins before each test of the calling file; `cores` is the current test's stand-in core. */
export function desktopShellHarness() {
  let cores: StandInCores = standInCores();

  beforeEach(() => {
    standIn.reset();
    cores = standInCores();
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });

  afterEach(() => {
    vi.restoreAllMocks();
  });

  function run(overrides: Partial<DesktopShellDeps> = {}) {
    return runDesktopApp({
      mainDir: MAIN_DIR,
      env: {},
      stdin: new PassThrough(),
      createCore: cores.createCore,
      startBrowserHost: cores.startBrowserHost,
      ...overrides,
    });
  }

  async function started(overrides: Partial<DesktopShellDeps> = {}) {
    const lifecycle = run(overrides);
    if (!lifecycle) throw new Error('the app did not get the single-instance lock');
    await lifecycle.started;
    const [win] = standIn.windows;
    if (!win) throw new Error('no window');
    return { lifecycle, win };
  }

  return {
    get cores(): StandInCores {
      return cores;
    },
    run,
    started,
  };
}
