// GET /health on loopback with node:http: a fresh connection costs well under a
// millisecond, where fetch's first request pays for setting up its pool.
import { request } from 'node:http';

/** The status code of /health, or null when nothing answers. */
export function probeHealth(port: number, timeoutMs = 2000): Promise<number | null> {
  return new Promise((resolve) => {
    const req = request({ host: '127.0.0.1', port, path: '/health', agent: false, timeout: timeoutMs }, (res) => {
      res.resume();
      resolve(res.statusCode ?? null);
    });
    req.on('timeout', () => req.destroy());
    req.on('error', () => resolve(null));
    req.end();
  });
}
