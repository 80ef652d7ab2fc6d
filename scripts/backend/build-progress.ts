// Turning cmake's output into a few progress lines. Pure: fed strings, returns
// strings; the process plumbing lives in run-step.ts.

/** The percentage in a build line: `[ 45%] Building …` (Makefiles) or `[12/345] …` (Ninja); null for other lines. */
export function cmakeProgressPercent(line: string): number | null {
  const make = /^\[\s*(\d{1,3})%\]/.exec(line);
  if (make) return Math.min(100, Number(make[1]));
  const ninja = /^\[(\d+)\/(\d+)\]/.exec(line);
  if (ninja && Number(ninja[2]) > 0) return Math.min(100, Math.floor((100 * Number(ninja[1])) / Number(ninja[2])));
  return null;
}

/**
 * The build's own percentage, line by line: like cmakeProgressPercent, but blind to the build that an
 * ExternalProject runs inside it (ggml-vulkan's vulkan-shaders-gen), whose own "[100%] Built target"
 * would otherwise read as the whole build done while it has just begun.
 */
export function outerProgress(): (line: string) => number | null {
  let nested: string | null = null;
  return (line) => {
    const step = /^\[\s*\d{1,3}%\] Performing (build|install) step for '([^']+)'/.exec(line);
    if (step) nested = step[1] === 'build' ? step[2]! : null;
    else if (nested !== null) return null;
    return cmakeProgressPercent(line);
  };
}

/** Returns a function that yields a milestone (0, 10, 20 … 100) the first time progress reaches it, else null. */
export function progressMilestones(step = 10): (percent: number) => number | null {
  let last = -1;
  return (percent) => {
    const milestone = Math.floor(percent / step) * step;
    if (milestone <= last) return null;
    last = milestone;
    return milestone;
  };
}

/** Splits a chunked stream into lines; CR, LF and CRLF all end a line, wherever the chunks break. */
export function lineSplitter(onLine: (line: string) => void): { push(chunk: string): void; end(): void } {
  let partial = '';
  let afterCr = false;
  return {
    push(chunk) {
      for (const char of chunk) {
        if (char === '\n' && afterCr) {
          afterCr = false;
          continue;
        }
        afterCr = char === '\r';
        if (char === '\n' || char === '\r') {
          onLine(partial);
          partial = '';
        } else {
          partial += char;
        }
      }
    },
    end() {
      if (partial) onLine(partial);
      partial = '';
    },
  };
}

/** The last `count` lines of a text, without the empty line after a final newline. */
export function lastLines(text: string, count: number): string[] {
  const lines = text.split(/\r\n|\r|\n/);
  if (lines.at(-1) === '') lines.pop();
  return lines.slice(-count);
}
