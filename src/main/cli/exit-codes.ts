// `eva`'s exit codes, the ones scripts test for.
export const EXIT = { ok: 0, error: 1, usage: 2, interrupted: 130 } as const;
