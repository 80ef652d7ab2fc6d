import { describe, expect, it } from 'vitest';
import { controllerTool, hasDisplay, type InputDriver } from './controller';
import { parseControllerActions, parseKeyCombo } from './controller-actions';

const context = (signal = new AbortController().signal) => ({
  workspaceDir: '/tmp',
  signal,
  reportChild: () => undefined,
});

function fakeDriver(log: string[], failOn?: string): InputDriver {
  let pos = { x: 0, y: 0 };
  const step = async (entry: string) => {
    if (failOn && entry.startsWith(failOn)) throw new Error('device busy');
    log.push(entry);
  };
  return {
    setPosition: async (x, y) => {
      await step(`move ${x},${y}`);
      pos = { x, y };
    },
    getPosition: async () => pos,
    press: (b) => step(`press ${b}`),
    release: (b) => step(`release ${b}`),
    type: (text) => step(`type ${text}`),
    pressKeys: (keys) => step(`keys down ${keys.join('+')}`),
    releaseKeys: (keys) => step(`keys up ${keys.join('+')}`),
  };
}

describe('controller actions', () => {
  it('parses key combinations', () => {
    expect(parseKeyCombo('Ctrl+Shift+S')).toEqual(['LeftControl', 'LeftShift', 'S']);
    expect(parseKeyCombo('enter')).toEqual(['Enter']);
    expect(parseKeyCombo('F5')).toEqual(['F5']);
    expect(parseKeyCombo('1')).toEqual(['Num1']);
    expect(parseKeyCombo('Ctrl+Hyper')).toEqual({ unknown: 'Hyper' });
  });

  it('checks each action and sums the waits', () => {
    expect(
      parseControllerActions([
        { action: 'time_span', ms: 100 },
        { action: 'move', x: 1, y: 2 },
        { action: 'time_span', ms: 50 },
      ]),
    ).toMatchObject({ ok: true, waitMs: 150 });
    expect(parseControllerActions([{ action: 'move', x: 1 }])).toMatchObject({
      ok: false,
      error: { message: 'arguments.actions[0]: move needs integer x and y' },
    });
    expect(parseControllerActions([{ action: 'left_down', x: 5 }])).toMatchObject({ ok: false });
    expect(parseControllerActions([{ action: 'keyboard' }])).toMatchObject({ ok: false });
    expect(parseControllerActions([{ action: 'fly' }])).toMatchObject({
      ok: false,
      error: { message: expect.stringContaining('unknown action') },
    });
    expect(parseControllerActions([])).toMatchObject({ ok: false });
  });
});

describe('controller tool', () => {
  it('reports "no display" on Linux without DISPLAY, before loading the driver', async () => {
    let loaded = false;
    const result = await controllerTool({ actions: [{ action: 'move', x: 1, y: 1 }] }, context(), {
      platform: 'linux',
      env: {},
      loadDriver: async () => {
        loaded = true;
        return fakeDriver([]);
      },
    });
    expect(result.error).toMatchObject({ code: 'no_display', message: expect.stringContaining('no display') });
    expect(loaded).toBe(false);
    expect(hasDisplay('linux', { DISPLAY: ':0' })).toBe(true);
    expect(hasDisplay('win32', {})).toBe(true);
  });

  it('runs the actions in order and reports the mouse position', async () => {
    const log: string[] = [];
    const result = await controllerTool(
      {
        actions: [
          { action: 'left_down', x: 10, y: 20 },
          { action: 'move', x: 30, y: 40 },
          { action: 'left_up' },
          { action: 'keyboard', text: 'hi' },
          { action: 'keyboard', keys: 'Ctrl+S' },
        ],
      },
      context(),
      { platform: 'linux', env: { DISPLAY: ':9' }, loadDriver: async () => fakeDriver(log) },
    );
    expect(result).toMatchObject({ status: 'ok', output: 'performed 5 of 5 actions; mouse at (30, 40)' });
    expect(log).toEqual([
      'move 10,20',
      'press left',
      'move 30,40',
      'release left',
      'type hi',
      'keys down LeftControl+S',
      'keys up S+LeftControl',
    ]);
  });

  it('releases a held button when an action fails or the user stops', async () => {
    const log: string[] = [];
    const failing = await controllerTool(
      { actions: [{ action: 'left_down' }, { action: 'keyboard', text: 'x' }] },
      context(),
      {
        platform: 'darwin',
        env: {},
        loadDriver: async () => fakeDriver(log, 'type'),
      },
    );
    expect(failing.error?.code).toBe('io_error');
    expect(log).toEqual(['press left', 'release left']);

    const stop = new AbortController();
    const stopLog: string[] = [];
    const pending = controllerTool(
      { actions: [{ action: 'right_down' }, { action: 'time_span', ms: 5000 }, { action: 'right_up' }] },
      context(stop.signal),
      {
        platform: 'darwin',
        env: {},
        loadDriver: async () => fakeDriver(stopLog),
      },
    );
    setTimeout(() => stop.abort(), 50);
    const stopped = await pending;
    expect(stopped.status).toBe('stopped');
    expect(stopLog).toEqual(['press right', 'release right']);
  });
});
