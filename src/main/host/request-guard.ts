// Who may talk to the browser host: only pages served by this very host, at
// 127.0.0.1/localhost on our port. A foreign Origin (any website the user
// visits) or a foreign Host (DNS rebinding) is refused everywhere; the
// WebSocket, where everything the app can do is reached, also needs this
// launch's random token in its URL. The token is never a cookie: cookies are
// not scoped by port, so any server on 127.0.0.1 (a link a model wrote, say)
// would receive it. Static files hold no secret and need none.
import { timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';

export interface GuardConfig {
  port: number;
  token: string;
}

export type GuardVerdict = { ok: true } | { ok: false; status: 403; reason: string };

const allowedHosts = (port: number) => [`127.0.0.1:${port}`, `localhost:${port}`, `[::1]:${port}`];

export function tokenMatches(candidate: string | null | undefined, token: string): boolean {
  if (!candidate) return false;
  const a = Buffer.from(candidate);
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Host and Origin checks shared by HTTP requests and WebSocket upgrades. */
export function checkOrigin(headers: IncomingHttpHeaders, config: GuardConfig, requireOrigin: boolean): GuardVerdict {
  const hosts = allowedHosts(config.port);
  if (!headers.host || !hosts.includes(headers.host))
    return { ok: false, status: 403, reason: `foreign Host: ${headers.host ?? '(none)'}` };
  const origin = headers.origin;
  if (origin === undefined) return requireOrigin ? { ok: false, status: 403, reason: 'missing Origin' } : { ok: true };
  if (!hosts.map((host) => `http://${host}`).includes(origin))
    return { ok: false, status: 403, reason: `foreign Origin: ${origin}` };
  return { ok: true };
}

/**
 * The request target as a URL, or null when it is not one: `new URL('//[', base)`
 * throws, and a throw there (before any check) took the whole host down.
 */
export function parseRequestTarget(target: string | undefined): URL | null {
  try {
    return new URL(target ?? '/', 'http://127.0.0.1');
  } catch {
    return null;
  }
}

/** The WebSocket's check: Host and Origin (required), then the token from its URL's query string. */
export function checkRequest(
  headers: IncomingHttpHeaders,
  url: URL,
  config: GuardConfig,
  options: { requireOrigin: boolean },
): GuardVerdict {
  const origin = checkOrigin(headers, config, options.requireOrigin);
  if (!origin.ok) return origin;
  const token = url.searchParams.get('token');
  if (!tokenMatches(token, config.token))
    return { ok: false, status: 403, reason: token ? 'wrong token' : 'missing token' };
  return { ok: true };
}
