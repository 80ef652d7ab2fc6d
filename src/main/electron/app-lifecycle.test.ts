// The lifecycle alone, on the stand-in electron app: stops run last-added first,
// each awaited, one that fails does not keep the next from running, and the app
// exits only after the last.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { standIn } from '@test-support/electron/stand-in-electron';
import { runAppLifecycle, type LifecycleDeps } from './app-lifecycle';

beforeEach(() => standIn.reset());

function lifecycle(start: LifecycleDeps['start'], overrides: Partial<LifecycleDeps> = {}) {
  const deps: LifecycleDeps = {
    app: standIn.app,
    start,
    window: () => null,
    keepInTray: () => false,
    releaseShortcuts: () => standIn.app.log.push('shortcuts released'),
    reportStartFailure: (error) => standIn.app.log.push(`start failed: ${(error as Error).message}`),
    reportStopFailure: (error) => standIn.app.log.push(`stop failed: ${(error as Error).message}`),
    ...overrides,
  };
  return runAppLifecycle(deps);
}

const exited = () =>
  new Promise<void>((resolve) => (standIn.app.exited ? resolve() : standIn.app.once('quit', () => resolve())));

describe('the app lifecycle (stand-in electron)', () => {
  it('stops the last started first, awaits each, goes on past a failure, then exits', async () => {
    const log = standIn.app.log;
    const run = lifecycle(async (control) => {
      control.stopOnQuit(async () => {
        await Promise.resolve();
        log.push('core stopped');
      });
      control.stopOnQuit(() => {
        throw new Error('host stuck');
      });
      control.stopOnQuit(() => log.push('tray gone'));
    });
    await run?.started;
    expect(run?.isQuitting()).toBe(false);
    standIn.app.quit();
    expect(run?.isQuitting()).toBe(true);
    await exited();
    expect(log).toEqual([
      'before-quit',
      'tray gone',
      'stop failed: host stuck',
      'core stopped',
      'before-quit',
      'will-quit',
      'shortcuts released',
      'exit',
    ]);
  });

  it('a start that fails is reported, and what it had started is still stopped', async () => {
    const run = lifecycle(async (control) => {
      control.stopOnQuit(() => standIn.app.log.push('core stopped'));
      throw new Error('no window');
    });
    await run?.started;
    await exited();
    expect(standIn.app.log).toEqual([
      'start failed: no window',
      'before-quit',
      'core stopped',
      'before-quit',
      'will-quit',
      'shortcuts released',
      'exit',
    ]);
  });

  it('the second-instance event reveals the window it is given', async () => {
    const win = {
      isDestroyed: () => false,
      isMinimized: () => true,
      restore: vi.fn(),
      isVisible: () => false,
      show: vi.fn(),
      focus: vi.fn(),
    };
    await lifecycle(async () => {}, { window: () => win })?.started;
    standIn.app.emit('second-instance');
    expect([win.restore, win.show, win.focus].map((call) => call.mock.calls.length)).toEqual([1, 1, 1]);
  });
});
