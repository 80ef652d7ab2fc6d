// The Electron shell's quit path against a stand-in electron and a stand-in core: it
// stops the core (every child process) before the app exits, however the quit comes.
import { PassThrough } from 'node:stream';
import { describe, expect, it, vi } from 'vitest';
import { standIn } from '@test-support/electron/stand-in-electron';
import { desktopShellHarness, exited } from '@test-support/electron/desktop-shell-harness';

vi.mock('electron', async () => (await import('@test-support/electron/stand-in-electron')).electronModule);

const shell = desktopShellHarness();
const { run, started } = shell;

describe('quitting (stand-in electron)', () => {
  it('awaits the core dispose before the app exits, once even with two quit events', async () => {
    await started();
    shell.cores.holdDispose();
    standIn.app.quit();
    standIn.app.quit();
    await vi.waitFor(() => expect(shell.cores.disposeCalls).toBe(1));
    standIn.app.quit();
    expect(standIn.app.exited).toBe(false);
    expect(standIn.app.log).not.toContain('will-quit');

    shell.cores.finishDispose();
    await exited();
    expect(shell.cores.disposeCalls).toBe(1);
    const log = standIn.app.log.filter((line) => line !== 'before-quit');
    expect(log).toEqual(['core:create', 'host:close', 'core:dispose-start', 'core:dispose-end', 'will-quit', 'exit']);
  });

  it('closes the window on quit instead of hiding it to the tray', async () => {
    const { win } = await started();
    expect(shell.cores.settings.hideToTrayOnClose).toBe(true);
    win.show();
    expect(win.close()).toBe(false);
    expect([win.isDestroyed(), win.isVisible()]).toEqual([false, false]);
    standIn.app.quit();
    await exited();
    expect(win.isDestroyed()).toBe(true);
  });

  it('quits when the last window closes with hide-to-tray off, stays in the tray with it on', async () => {
    await started();
    standIn.app.emit('window-all-closed');
    await Promise.resolve();
    expect(standIn.app.log).not.toContain('before-quit');

    shell.cores.settings.hideToTrayOnClose = false;
    standIn.windows[0]?.close();
    standIn.app.emit('window-all-closed');
    await exited();
    expect(shell.cores.disposeCalls).toBe(1);
  });

  it('still stops the core when the terminal host fails to close', async () => {
    await started();
    shell.cores.failHostClose = new Error('socket stuck');
    standIn.app.quit();
    await exited();
    expect(standIn.app.log).toContain('host:close');
    expect(shell.cores.disposeCalls).toBe(1);
    expect(console.error).toHaveBeenCalledWith(expect.stringContaining('socket stuck'));
  });

  it('a quit while the core is starting waits for it, then stops it', async () => {
    shell.cores.holdCreate();
    const lifecycle = run();
    await vi.waitFor(() => expect(shell.cores.options).toHaveLength(1));
    standIn.app.quit();
    await Promise.resolve();
    expect(standIn.app.exited).toBe(false);
    shell.cores.releaseCreate();
    await lifecycle?.started;
    await exited();
    expect(shell.cores.disposeCalls).toBe(1);
    expect(standIn.app.log.indexOf('core:dispose-end')).toBeLessThan(standIn.app.log.indexOf('exit'));
  });

  it('a quit before the app is ready starts nothing', async () => {
    standIn.app.holdReady();
    const lifecycle = run();
    standIn.app.quit();
    await exited();
    standIn.app.becomeReady();
    await lifecycle?.started;
    expect(shell.cores.options).toEqual([]);
  });

  it('quits when the launcher goes away (EVA_EXIT_WITH_PARENT=stdin)', async () => {
    const stdin = new PassThrough();
    await started({ stdin, env: { EVA_EXIT_WITH_PARENT: 'stdin' } });
    stdin.end();
    await exited();
    expect(shell.cores.disposeCalls).toBe(1);
  });
});
