// A kept-alive connection to llama-server that the server was closing as the
// next request went out on it: no answer came ("other side closed"). Node's
// fetch sends a GET again by itself, but not a POST; the requests EVA sends
// this way (the router's load and unload, slot save and restore) can be
// repeated, so they are sent once more, on a new connection.

export function droppedConnection(error: unknown): boolean {
  const cause = error instanceof Error ? (error.cause as { code?: unknown } | undefined) : undefined;
  return (
    error instanceof TypeError &&
    typeof cause?.code === 'string' &&
    ['UND_ERR_SOCKET', 'UND_ERR_CLOSED', 'ECONNRESET', 'EPIPE'].includes(cause.code)
  );
}

/**
 * `fetcher`, with a request whose connection was dropped before any answer sent once more (only for requests that can
 * be repeated).
 */
export function onceMoreOnDroppedConnection(fetcher: typeof fetch): typeof fetch {
  return (async (input: Parameters<typeof fetch>[0], init?: RequestInit) => {
    try {
      return await fetcher(input, init);
    } catch (error) {
      if (!droppedConnection(error) || init?.signal?.aborted) throw error;
      return fetcher(input, init);
    }
  }) as typeof fetch;
}
