// Who may talk to the browser host: only pages served by this very host, at
// 127.0.0.1/localhost on our port, holding this launch's random token. A foreign
// Origin (any website the user visits) or a foreign Host (DNS rebinding) is refused.
import { timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';

export const TOKEN_COOKIE = 'eva_token';

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

export function cookieToken(headers: IncomingHttpHeaders): string | null {
  const raw = headers.cookie ?? '';
  for (const part of raw.split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === TOKEN_COOKIE) return value.join('=');
  }
  return null;
}

/** Host and Origin checks shared by HTTP requests and WebSocket upgrades. */
export function checkOrigin(headers: IncomingHttpHeaders, config: GuardConfig, requireOrigin: boolean): GuardVerdict {
  const hosts = allowedHosts(config.port);
  if (!headers.host || !hosts.includes(headers.host)) return { ok: false, status: 403, reason: `foreign Host: ${headers.host ?? '(none)'}` };
  const origin = headers.origin;
  if (origin === undefined) return requireOrigin ? { ok: false, status: 403, reason: 'missing Origin' } : { ok: true };
  if (!hosts.map((host) => `http://${host}`).includes(origin)) return { ok: false, status: 403, reason: `foreign Origin: ${origin}` };
  return { ok: true };
}

/** Full check: Host/Origin, then the token from the query string or the cookie set when the page was opened. */
export function checkRequest(headers: IncomingHttpHeaders, url: URL, config: GuardConfig, options: { requireOrigin: boolean }): GuardVerdict {
  const origin = checkOrigin(headers, config, options.requireOrigin);
  if (!origin.ok) return origin;
  const token = url.searchParams.get('token') ?? cookieToken(headers);
  if (!tokenMatches(token, config.token)) return { ok: false, status: 403, reason: token ? 'wrong token' : 'missing token' };
  return { ok: true };
}
