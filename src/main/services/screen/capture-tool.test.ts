import { describe, expect, it } from 'vitest';
import { captureScreenTool, type ScreenGrabber } from './capture-tool';
import { decodePng, pixelAt } from '@test-support/screen/decode-png';

// A 4×2 BGRA grab: top row red, bottom row green (what libnut hands back on X11).
const grab: ScreenGrabber = {
  grab: async () => ({
    width: 4,
    height: 2,
    channels: 4,
    byteWidth: 16,
    order: 'bgr',
    data: Uint8Array.from([...Array(4).fill([0, 0, 255, 0]).flat(), ...Array(4).fill([0, 255, 0, 0]).flat()]),
  }),
};

describe('captureScreenTool', () => {
  it('says "no display" on Linux without DISPLAY and never loads nut-js', async () => {
    let loaded = false;
    const result = await captureScreenTool(
      { maxSide: 1920 },
      { platform: 'linux', env: {}, loadGrabber: async () => ((loaded = true), grab) },
    );
    expect(result).toMatchObject({
      status: 'error',
      error: { code: 'no_display', message: expect.stringMatching(/^no display/) },
    });
    expect(loaded).toBe(false);
  });

  it('reports a capture library that cannot start as no_display', async () => {
    const result = await captureScreenTool(
      { maxSide: null },
      {
        platform: 'linux',
        env: { DISPLAY: ':5' },
        loadGrabber: async () => Promise.reject(new Error('Could not open main display')),
      },
    );
    expect(result.error).toMatchObject({
      code: 'no_display',
      message: expect.stringContaining('Could not open main display'),
    });
  });

  it('refuses a bad maxSide', async () => {
    const result = await captureScreenTool(
      { maxSide: -3 },
      { platform: 'darwin', env: {}, loadGrabber: async () => grab },
    );
    expect(result.error?.code).toBe('invalid_arguments');
  });

  it('returns the PNG as base64 with both sizes, colours in RGB order', async () => {
    const result = await captureScreenTool(
      { maxSide: 2 },
      { platform: 'win32', env: {}, loadGrabber: async () => grab },
    );
    expect(result).toMatchObject({
      status: 'ok',
      details: { width: 2, height: 1, originalWidth: 4, originalHeight: 2 },
    });
    const png = decodePng(Buffer.from(result.output, 'base64'));
    // Each target pixel averages a red and a green one.
    expect(pixelAt(png, 0, 0)).toEqual([128, 128, 0]);
    const full = await captureScreenTool(
      { maxSide: null },
      { platform: 'win32', env: {}, loadGrabber: async () => grab },
    );
    const fullPng = decodePng(Buffer.from(full.output, 'base64'));
    expect([pixelAt(fullPng, 3, 0), pixelAt(fullPng, 3, 1)]).toEqual([
      [255, 0, 0],
      [0, 255, 0],
    ]);
  });
});
