// A private Xvfb server with a known picture on its root window, for the
// screenshot's integration and end-to-end tests. The picture is a tiled
// 128×128 bitmap whose top-left 64×64 quarter is red and the rest blue, drawn
// by `xsetroot` (Debian's x11-xserver-utils), so any pixel's colour is known.
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

export const PATTERN_TILE = 128;
export const RED: [number, number, number] = [255, 0, 0];
export const BLUE: [number, number, number] = [0, 0, 255];

/** The colour the pattern has at screen pixel (x, y). */
export function patternAt(x: number, y: number): [number, number, number] {
  const half = PATTERN_TILE / 2;
  return x % PATTERN_TILE < half && y % PATTERN_TILE < half ? RED : BLUE;
}

export interface Xvfb {
  /** ":N" */
  display: string;
  width: number;
  height: number;
  stop(): void;
}

/**
 * Start Xvfb on a free display (it picks one and tells us through -displayfd); -noreset keeps the root picture after
 * xsetroot disconnects.
 */
export async function startXvfb(width: number, height: number): Promise<Xvfb> {
  const server: ChildProcess = spawn(
    'Xvfb',
    ['-displayfd', '1', '-noreset', '-screen', '0', `${width}x${height}x24`, '-nolisten', 'tcp'],
    { stdio: ['ignore', 'pipe', 'ignore'] },
  );
  const display = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('Xvfb did not start within 10 s')), 10_000);
    server.once(
      'error',
      (error) => (
        clearTimeout(timer),
        reject(new Error(`Xvfb could not start (is Debian's xvfb installed?): ${error.message}`))
      ),
    );
    server.stdout?.once('data', (chunk: Buffer) => (clearTimeout(timer), resolve(`:${chunk.toString().trim()}`)));
  });
  return { display, width, height, stop: () => void server.kill('SIGKILL') };
}

function quarterBitmap(): string {
  const bytesPerRow = PATTERN_TILE / 8;
  const bytes: string[] = [];
  for (let y = 0; y < PATTERN_TILE; y++) {
    for (let b = 0; b < bytesPerRow; b++) bytes.push(y < PATTERN_TILE / 2 && b < bytesPerRow / 2 ? '0xff' : '0x00');
  }
  return `#define p_width ${PATTERN_TILE}\n#define p_height ${PATTERN_TILE}\nstatic unsigned char p_bits[] = {\n${bytes.join(', ')}\n};\n`;
}

/** Tile the root window of `display` with the pattern (set bits red, the rest blue). */
export async function drawPattern(display: string): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), 'eva-xbm-'));
  try {
    const file = join(dir, 'quarter.xbm');
    await writeFile(file, quarterBitmap());
    await promisify(execFile)('xsetroot', ['-bitmap', file, '-fg', 'red', '-bg', 'blue'], {
      env: { ...process.env, DISPLAY: display },
      timeout: 10_000,
    });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
