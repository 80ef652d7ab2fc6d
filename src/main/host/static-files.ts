// Serves the built renderer. Paths are resolved inside the renderer dir only.
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.ttf': 'font/ttf',
  '.wasm': 'application/wasm',
};

export interface StaticFile {
  body: Buffer;
  contentType: string;
}

export async function readStaticFile(rootDir: string, pathname: string): Promise<StaticFile | null> {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return null;
  }
  if (decoded.includes('\0')) return null;
  const relative = decoded === '/' ? 'index.html' : decoded.replace(/^\/+/, '');
  const full = normalize(join(rootDir, relative));
  if (full !== rootDir && !full.startsWith(rootDir.endsWith(sep) ? rootDir : rootDir + sep)) return null;
  try {
    if (!(await stat(full)).isFile()) return null;
    return {
      body: await readFile(full),
      contentType: TYPES[extname(full).toLowerCase()] ?? 'application/octet-stream',
    };
  } catch {
    return null;
  }
}
