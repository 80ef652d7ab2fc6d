// Reads messages.jsonl back, keeping every intact message whatever else the
// file holds. Damage seen in practice: a torn last line (crash mid-append),
// runs of NUL bytes (a file extended before its data reached the disk), two
// objects on one line (an append after a line lost its newline), garbage in
// the middle. Works on bytes so the offsets reported are file offsets and the
// bytes kept are exactly the bytes written (JSON's structural characters are
// ASCII and never occur inside a UTF-8 multi-byte sequence).

export interface LogRecord<T> {
  value: T;
  /** byte range of the record's JSON in the file */
  start: number;
  end: number;
}

export type BadReason = 'torn_line' | 'nul_bytes' | 'invalid_json' | 'invalid_message';

export interface BadRange {
  offset: number;
  length: number;
  reason: BadReason;
}

export interface ParsedLog<T> {
  records: Array<LogRecord<T>>;
  /** true when start/end are byte offsets; the fast path for clean files gives character offsets */
  exact: boolean;
  bad: BadRange[];
  /** false when the last byte is not a newline: the next append must start with one */
  endsWithNewline: boolean;
  /** lines that held more than one record (`}{`): intact, but the file should be rewritten */
  mergedLines: number;
}

const NL = 0x0a;
const OPEN = 0x7b;
const CLOSE = 0x7d;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;
// Salvaging tries every '{' of a damaged line; this bounds the work on a pathological one.
const SALVAGE_WORK_PER_BYTE = 64;

const isBlank = (b: number | undefined): boolean => b === 0x20 || b === 0x09 || b === 0x0d;

/**
 * `validate` turns a parsed JSON value into a record, or null when it is not one.
 * A clean file (the common case) is decoded once and parsed line by line;
 * anything unusual, or `exact`, takes the byte-accurate path.
 */
export function parseMessageLog<T>(bytes: Buffer, validate: (value: unknown) => T | null, exact = false): ParsedLog<T> {
  if (!exact) {
    const clean = parseClean(bytes, validate);
    if (clean) return clean;
  }
  const out: ParsedLog<T> = {
    records: [],
    exact: true,
    bad: [],
    endsWithNewline: bytes.length === 0 || bytes[bytes.length - 1] === NL,
    mergedLines: 0,
  };
  let lineStart = 0;
  while (lineStart < bytes.length) {
    const newline = bytes.indexOf(NL, lineStart);
    const lineEnd = newline < 0 ? bytes.length : newline;
    parseLine(bytes, lineStart, lineEnd, newline < 0, validate, out);
    lineStart = lineEnd + 1;
  }
  return out;
}

// Decoding per line costs as much as parsing; one decode of the whole file halves the time to open it.
function parseClean<T>(bytes: Buffer, validate: (value: unknown) => T | null): ParsedLog<T> | null {
  if (bytes.length > 0 && bytes[bytes.length - 1] !== NL) return null;
  const text = bytes.toString('utf8');
  const records: Array<LogRecord<T>> = [];
  for (let start = 0; start < text.length;) {
    const end = text.indexOf('\n', start);
    if (end > start) {
      let value: unknown;
      try {
        value = JSON.parse(text.slice(start, end));
      } catch {
        return null;
      }
      const record = value !== null && typeof value === 'object' ? validate(value) : null;
      if (record === null) return null;
      records.push({ value: record, start, end });
    }
    start = end + 1;
  }
  return { records, exact: false, bad: [], endsWithNewline: true, mergedLines: 0 };
}

function parseLine<T>(
  bytes: Buffer,
  from: number,
  to: number,
  isTail: boolean,
  validate: (value: unknown) => T | null,
  out: ParsedLog<T>,
): void {
  let start = from;
  let end = to;
  while (start < end && isBlank(bytes[start])) start++;
  while (end > start && isBlank(bytes[end - 1])) end--;
  if (start === end) return;
  const parsed = tryParse(bytes, start, end);
  if (parsed.ok) {
    const value = validate(parsed.value);
    if (value !== null) out.records.push({ value, start, end });
    else out.bad.push({ offset: start, length: end - start, reason: 'invalid_message' });
    return;
  }
  const before = out.records.length;
  salvage(bytes, start, end, isTail, validate, out);
  if (out.records.length - before > 1) out.mergedLines++;
}

// Walks a damaged line: every '{' that opens a balanced, parseable, valid
// record is kept; the bytes between kept records become bad ranges.
function salvage<T>(
  bytes: Buffer,
  from: number,
  to: number,
  isTail: boolean,
  validate: (value: unknown) => T | null,
  out: ParsedLog<T>,
): void {
  let badStart = -1;
  let budget = (to - from) * SALVAGE_WORK_PER_BYTE;
  const flushBad = (upTo: number): void => {
    if (badStart >= 0 && upTo > badStart)
      out.bad.push({
        offset: badStart,
        length: upTo - badStart,
        reason: reasonFor(bytes, badStart, upTo, isTail && upTo === to),
      });
    badStart = -1;
  };
  let p = from;
  while (p < to) {
    if (bytes[p] === OPEN && budget > 0) {
      const close = matchBrace(bytes, p, to);
      budget -= (close < 0 ? to : close) - p;
      if (close > 0) {
        const parsed = tryParse(bytes, p, close);
        const value = parsed.ok ? validate(parsed.value) : null;
        if (value !== null) {
          flushBad(p);
          out.records.push({ value, start: p, end: close });
          p = close;
          continue;
        }
      }
    }
    if (badStart < 0 && !isBlank(bytes[p])) badStart = p;
    p++;
  }
  flushBad(to);
}

/** Index just past the '}' that closes the '{' at `open`, or -1 when the line ends first. */
function matchBrace(bytes: Buffer, open: number, to: number): number {
  let depth = 0;
  let inString = false;
  for (let i = open; i < to; i++) {
    const b = bytes[i];
    if (inString) {
      if (b === BACKSLASH) i++;
      else if (b === QUOTE) inString = false;
    } else if (b === QUOTE) inString = true;
    else if (b === OPEN) depth++;
    else if (b === CLOSE && --depth === 0) return i + 1;
  }
  return -1;
}

function reasonFor(bytes: Buffer, from: number, to: number, atTail: boolean): BadReason {
  for (let i = from; i < to; i++) if (bytes[i] === 0) return 'nul_bytes';
  return atTail ? 'torn_line' : 'invalid_json';
}

function tryParse(bytes: Buffer, start: number, end: number): { ok: true; value: unknown } | { ok: false } {
  // JSON.parse accepts neither NUL nor a lone fragment; the first byte check skips non-objects cheaply.
  if (bytes[start] !== OPEN) return { ok: false };
  try {
    return { ok: true, value: JSON.parse(bytes.toString('utf8', start, end)) };
  } catch {
    return { ok: false };
  }
}
