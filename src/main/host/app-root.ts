// The app's root folder (where package.json, bin/ and out/ live), found by
// walking up from this module so it works from src/ (tsx) and from out/ (built).
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

export function findAppRoot(start: string): string {
  for (let dir = start; ; dir = dirname(dir)) {
    const manifest = join(dir, 'package.json');
    if (
      existsSync(manifest) &&
      (JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string }).name === 'eva-desktop'
    )
      return dir;
    if (dirname(dir) === dir) throw new Error(`cannot find the eva-desktop folder above ${start}`);
  }
}

export function appVersion(appRoot: string): string {
  return (JSON.parse(readFileSync(join(appRoot, 'package.json'), 'utf8')) as { version: string }).version;
}
