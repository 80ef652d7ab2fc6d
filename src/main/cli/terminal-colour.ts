// Whether what eva writes for a person (stderr: approval cards) may carry colour
// codes. A terminal gets them, a pipe or a file does not; NO_COLOR (any value but
// empty) turns them off and FORCE_COLOR turns them on even into a pipe, with
// FORCE_COLOR winning when both are set, as Node itself reads
// them. TERM=dumb is a terminal that shows the codes as text.

export interface ColourTarget {
  isTTY?: boolean;
}

export function allowsColour(target: ColourTarget, env: Readonly<Record<string, string | undefined>>): boolean {
  const force = env.FORCE_COLOR;
  if (force !== undefined) return force !== '0' && force.toLowerCase() !== 'false';
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== '') return false;
  if (env.TERM === 'dumb') return false;
  return target.isTTY === true;
}

const CODES = { green: 32, red: 31, cyan: 36 } as const;

/** `text` in a colour when `on`; the reset is the foreground's own, so nothing else the terminal shows changes. */
export function paint(text: string, colour: keyof typeof CODES, on: boolean): string {
  return on ? `\u001b[${CODES[colour]}m${text}\u001b[39m` : text;
}
