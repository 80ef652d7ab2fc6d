// controller: mouse and keyboard through nut-js, only ever inside a worker —
// libnut segfaults when no X display can be opened, so on Linux DISPLAY is
// checked first and nut-js is imported only after. Whatever happens, buttons
// and keys this call pressed are released before it returns.
import { toolError } from '@shared/tools/tool-types';
import { parseControllerActions, type ControllerAction } from './controller-actions';
import { failed, type ToolExecContext, type ToolOutput } from '../tool-executor';

/** The slice of nut-js the controller uses; injected so tests can fake it. */
export interface InputDriver {
  setPosition(x: number, y: number): Promise<void>;
  getPosition(): Promise<{ x: number; y: number }>;
  press(button: 'left' | 'right'): Promise<void>;
  release(button: 'left' | 'right'): Promise<void>;
  type(text: string): Promise<void>;
  pressKeys(keys: string[]): Promise<void>;
  releaseKeys(keys: string[]): Promise<void>;
}

export interface ControllerDeps {
  platform: NodeJS.Platform;
  env: Record<string, string | undefined>;
  loadDriver: () => Promise<InputDriver>;
}

export function hasDisplay(platform: NodeJS.Platform, env: Record<string, string | undefined>): boolean {
  // nut-js talks X11 on Linux (XWayland under Wayland), which needs DISPLAY.
  return platform !== 'linux' || Boolean(env.DISPLAY && env.DISPLAY.trim() !== '');
}

export async function controllerTool(
  args: Record<string, unknown>,
  context: ToolExecContext,
  deps: ControllerDeps,
): Promise<ToolOutput> {
  const parsed = parseControllerActions(args.actions);
  if (!parsed.ok) return failed(parsed.error);
  if (!hasDisplay(deps.platform, deps.env)) {
    return failed(
      toolError(
        'no_display',
        'no display: the controller needs a graphical session (DISPLAY is not set), so it cannot move the mouse or type here',
      ),
    );
  }
  let driver: InputDriver;
  try {
    driver = await deps.loadDriver();
  } catch (error) {
    return failed(toolError('no_display', `the mouse/keyboard driver could not start: ${(error as Error).message}`));
  }
  const held = { buttons: new Set<'left' | 'right'>(), keys: [] as string[][] };
  let done = 0;
  try {
    for (const action of parsed.actions) {
      if (context.signal.aborted) break;
      await perform(driver, action, held, context.signal);
      done++;
    }
  } catch (error) {
    return failed(toolError('io_error', `action ${done + 1} failed: ${(error as Error).message}`), { performed: done });
  } finally {
    await releaseAll(driver, held);
  }
  // The mouse position only adds to the summary; the actions' own outcome is already known.
  const at = await driver.getPosition().catch(() => null);
  const where = at ? `; mouse at (${at.x}, ${at.y})` : '';
  const summary = `performed ${done} of ${parsed.actions.length} actions${where}`;
  if (context.signal.aborted)
    return {
      status: 'stopped',
      output: summary,
      error: toolError('stopped', 'the user stopped the controller'),
      details: { performed: done },
    };
  return { status: 'ok', output: summary, details: { performed: done, position: at } };
}

async function perform(
  driver: InputDriver,
  action: ControllerAction,
  held: { buttons: Set<'left' | 'right'>; keys: string[][] },
  signal: AbortSignal,
): Promise<void> {
  switch (action.kind) {
    case 'move':
      return driver.setPosition(action.x, action.y);
    case 'press':
      if (action.at) await driver.setPosition(action.at.x, action.at.y);
      await driver.press(action.button);
      held.buttons.add(action.button);
      return;
    case 'release':
      if (action.at) await driver.setPosition(action.at.x, action.at.y);
      await driver.release(action.button);
      held.buttons.delete(action.button);
      return;
    case 'type':
      return driver.type(action.text);
    case 'keys':
      held.keys.push(action.keys);
      await driver.pressKeys(action.keys);
      await driver.releaseKeys([...action.keys].reverse());
      held.keys.pop();
      return;
    case 'wait':
      return sleep(action.ms, signal);
  }
}

async function releaseAll(
  driver: InputDriver,
  held: { buttons: Set<'left' | 'right'>; keys: string[][] },
): Promise<void> {
  // Best effort in `finally`, each on its own: one release that fails must not keep the others held down, and the
  // action's own failure is the one reported.
  for (const keys of held.keys) await driver.releaseKeys([...keys].reverse()).catch(() => undefined);
  // The same holds for the buttons.
  for (const button of held.buttons) await driver.release(button).catch(() => undefined);
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true });
  });
}
