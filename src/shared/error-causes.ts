// The causes behind the commonest raw failures, as data the UI can word: a program
// that is not installed, a connection refused, a host that does not resolve, a
// timeout. The core's sentences stay English (logs, bug reports); these give a
// stable `reason` beside them. The program-not-found sentence is built here and
// read back here, so the two cannot drift apart.

/** Why a network request failed, from Node's and undici's error codes. */
export const NETWORK_REASONS = ['connection_refused', 'host_not_found', 'timed_out', 'connection_reset'] as const;
export type NetworkReason = (typeof NETWORK_REASONS)[number];

const BY_ERRNO: Readonly<Record<string, NetworkReason>> = {
  ECONNREFUSED: 'connection_refused',
  ENOTFOUND: 'host_not_found',
  EAI_AGAIN: 'host_not_found',
  ETIMEDOUT: 'timed_out',
  UND_ERR_CONNECT_TIMEOUT: 'timed_out',
  UND_ERR_HEADERS_TIMEOUT: 'timed_out',
  ECONNRESET: 'connection_reset',
  UND_ERR_SOCKET: 'connection_reset',
  EPIPE: 'connection_reset',
};
const ERRNO_IN_TEXT = new RegExp(`\\b(${Object.keys(BY_ERRNO).join('|')})\\b`);

/** The network reason named in a sentence ("connect ECONNREFUSED 127.0.0.1:8080"), or null. */
export function networkReasonInText(text: string): NetworkReason | null {
  const match = ERRNO_IN_TEXT.exec(text);
  return match ? (BY_ERRNO[match[1]!] ?? null) : null;
}

/**
 * The network reason of a thrown value: its `code`, its `cause`'s (undici says "fetch failed" and hides the errno
 * there), an AbortSignal.timeout, or the errno in its message.
 */
export function networkReason(error: unknown): NetworkReason | null {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current !== null && typeof current === 'object'; depth++) {
    const { code, name, message, cause } = current as {
      code?: unknown;
      name?: unknown;
      message?: unknown;
      cause?: unknown;
    };
    if (typeof code === 'string' && BY_ERRNO[code] !== undefined) return BY_ERRNO[code];
    if (name === 'TimeoutError') return 'timed_out';
    if (typeof message === 'string') {
      const inText = networkReasonInText(message);
      if (inText !== null) return inText;
    }
    current = cause;
  }
  return null;
}

/** The sentence the process lifecycle gives a program that is not there (spawn ENOENT). */
export function binaryNotFoundText(command: string): string {
  return `could not start "${command}": not found (is it installed and on PATH?)`;
}

const NOT_FOUND = /could not start "([^"]+)": not found \(is it installed and on PATH\?\)/;

/** The program named by binaryNotFoundText anywhere in a sentence, or null. */
export function binaryNotFoundIn(text: string): string | null {
  return NOT_FOUND.exec(text)?.[1] ?? null;
}

/** A failure cause found in a core sentence: what the UI words when a status carries only text. */
export type TextCause =
  { reason: 'binary_not_found'; command: string } | { reason: NetworkReason; command?: undefined };

/** The cause a core sentence names (a program not found, a network errno), or null. */
export function causeInText(text: string): TextCause | null {
  const command = binaryNotFoundIn(text);
  if (command !== null) return { reason: 'binary_not_found', command };
  const network = networkReasonInText(text);
  return network === null ? null : { reason: network };
}
