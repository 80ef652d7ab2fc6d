// The import aliases, for the bundler and the test runner; tsconfig.base.json's
// `paths` say the same to TypeScript (and to tsx, which reads tsconfig.json).
import { resolve } from 'node:path';

const at = (path: string): string => resolve(import.meta.dirname, path);

export const IMPORT_ALIASES: Record<string, string> = {
  '@shared': at('src/shared'),
  '@main': at('src/main'),
  '@renderer': at('src/renderer/src'),
  '@test-support': at('src/test-support'),
  '@resources': at('resources'),
  '@scripts': at('scripts'),
};
