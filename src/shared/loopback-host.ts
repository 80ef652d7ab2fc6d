// Whether an address is this machine: the status bar's "exposed on the network"
// warning and the stream pacing of a linked server running beside the app.

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|localhost)$/i;

/** A host name or address (IPv6 with or without brackets). */
export function isLoopbackHost(host: string): boolean {
  return LOOPBACK.test(host.replace(/^\[|\]$/g, ''));
}

/** A base URL whose host is this machine; false for one that does not parse. */
export function isLoopbackUrl(baseUrl: string): boolean {
  try {
    return isLoopbackHost(new URL(baseUrl).hostname);
  } catch {
    return false;
  }
}
