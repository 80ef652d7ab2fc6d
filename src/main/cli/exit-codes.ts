// `eva`'s exit codes, the ones scripts test for.
export const EXIT = { ok: 0, error: 1, usage: 2, interrupted: 130 } as const;

/**
 * The person at the terminal pressed Ctrl+C where no signal comes (a hidden answer read in raw mode): eva ends with
 * EXIT.interrupted.
 */
export class Interrupted extends Error {}
