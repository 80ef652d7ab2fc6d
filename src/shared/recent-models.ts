// The load dialog's recent models (settings.recentModels), as a load leaves them.
// Pure: the core's `backend:load` and the in-memory platform's both apply it.

/** How many paths the list keeps. */
export const MAX_RECENT_MODELS = 20;

/** `path` first, then the earlier paths without it, at most MAX_RECENT_MODELS. */
export function withRecentModel(recent: readonly string[], path: string): string[] {
  return [path, ...recent.filter((earlier) => earlier !== path)].slice(0, MAX_RECENT_MODELS);
}
