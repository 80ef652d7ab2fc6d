// The screenshot end to end in the core: the real tool worker, the real nut-js,
// under a private Xvfb whose root window shows a known pattern; and the clear
// "no display" errors without one.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppFailure } from '@shared/errors';
import { TOOL_WORKER_ENTRY } from '@test-support/tools/test-runner';
import { ToolRunner } from '../tools/tool-runner';
import { forkWorkerSpawner } from '../tools/worker/worker-process';
import { workerScreenCapturer } from './screen-service';
import { decodePng, pixelAt } from '@test-support/screen/decode-png';
import { drawPattern, patternAt, startXvfb, type Xvfb } from '@test-support/screen/xvfb';

const runnerWithDisplay = (display: string | undefined): ToolRunner => {
  const env = { ...process.env };
  delete env.DISPLAY;
  if (display !== undefined) env.DISPLAY = display;
  return new ToolRunner({
    spawnWorker: forkWorkerSpawner({ entry: TOOL_WORKER_ENTRY, execArgv: ['--import', 'tsx'], env }),
  });
};

const pngOf = (dataUrl: string) => {
  expect(dataUrl.startsWith('data:image/png;base64,')).toBe(true);
  return decodePng(Buffer.from(dataUrl.slice('data:image/png;base64,'.length), 'base64'));
};

async function failureOf(promise: Promise<unknown>): Promise<AppFailure> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppFailure);
  return error as AppFailure;
}

describe('screenshot without a display', () => {
  it('answers no_display before loading nut-js, and the worker lives on', async () => {
    const runner = runnerWithDisplay(undefined);
    const failure = await failureOf(workerScreenCapturer(runner)(1920));
    expect(failure.code).toBe('no_display');
    expect(failure.message).toMatch(/^no display: .*DISPLAY is not set/);
    expect(runner.workerPids()).toHaveLength(1);
    await runner.dispose();
  });
});

describe.runIf(process.platform === 'linux')('screenshot under Xvfb (Linux only: Xvfb is an X server)', () => {
  let xvfb: Xvfb;

  beforeAll(async () => {
    // Larger than the 1920 limit, so the default capture is downscaled (by 3/4).
    xvfb = await startXvfb(2560, 1440);
    await drawPattern(xvfb.display);
  });
  afterAll(() => xvfb?.stop());

  it('captures the whole screen at full size with the pattern pixel-exact', async () => {
    const runner = runnerWithDisplay(xvfb.display);
    const shot = await workerScreenCapturer(runner)(null);
    expect(shot).toMatchObject({ width: 2560, height: 1440, originalWidth: 2560, originalHeight: 1440 });
    const png = pngOf(shot.dataUrl);
    expect([png.width, png.height]).toEqual([2560, 1440]);
    for (const [x, y] of [
      [0, 0],
      [63, 63],
      [64, 0],
      [0, 64],
      [127, 127],
      [128, 0],
      [191, 63],
      [2559, 1439],
      [1300, 1290],
    ] as const) {
      expect(pixelAt(png, x, y), `pixel ${x},${y}`).toEqual(patternAt(x, y));
    }
    await runner.dispose();
  });

  it('downscales to 1920 on the longest side by default, noting the screen size', async () => {
    const runner = runnerWithDisplay(xvfb.display);
    const shot = await workerScreenCapturer(runner)(1920);
    expect(shot).toMatchObject({ width: 1920, height: 1080, originalWidth: 2560, originalHeight: 1440 });
    const png = pngOf(shot.dataUrl);
    expect([png.width, png.height]).toEqual([1920, 1080]);
    // Centres of the pattern's quarters: a 64-pixel block is 48 pixels now, its middle untouched by averaging.
    const scale = 1920 / 2560;
    for (const [x, y] of [
      [32, 32],
      [96, 32],
      [32, 96],
      [96, 96],
      [160, 32],
      [2528, 1312],
      [1312, 1376],
    ] as const) {
      expect(pixelAt(png, Math.floor(x * scale), Math.floor(y * scale)), `screen pixel ${x},${y}`).toEqual(
        patternAt(x, y),
      );
    }
    await runner.dispose();
  });

  it('a DISPLAY with no server behind it is a no_display error, not a crash of main', async () => {
    const runner = runnerWithDisplay(':97');
    const failure = await failureOf(workerScreenCapturer(runner)(1920));
    expect(failure.code).toBe('no_display');
    expect(failure.message).toMatch(/display/i);
    await runner.dispose();
  });
});
