// The glob a model gives list_files, compiled by picomatch (a well-kept matcher,
// rather than a hand-rolled glob → RegExp) and matched against "/"-separated
// paths relative to the listed directory. The dialect is the one the tool
// describes: **, *, ?, [abc], [!abc], {a,b}. A pattern without "/" matches the
// file name at any depth ("*.ts"), which is what small models usually mean.
//
// The pattern comes from the model, so it is treated as untrusted:
// - an invalid one ([z-a], an unclosed { or [) is a tool error the model can
//   read and fix, never an exception;
// - extglobs (+(a|aa)), negation (!x) and regex groups are off, and ( ) | are
//   literal file-name characters ("report (1).pdf");
// - the cost of one match is bounded before it runs. picomatch turns each * into
//   a lazy [^/]*? and each ** into a lazy any-depth group, and a regex with k of
//   them backtracks in up to O(n^k) on a path that almost matches. Measured on
//   paths of 250–4000 characters: any pattern with 4 wildcards in all stays under
//   ~30 ms, while 5 take up to 7 s (*a*a*/**/*a*b) and 4 stars in one 250-character
//   name take ~115 ms. So a pattern may have at most MAX_WILDCARDS wildcards (each
//   run of *, each ** part, and the **/ implied by a pattern without "/"), at most
//   MAX_STARS_PER_NAME of them in one path part, and MAX_PATTERN_CHARS characters.
//   The walk in list-files.ts adds a time budget on top, and the worker's own time
//   limit (the runner kills it) is the last resort.
import picomatch from 'picomatch';
import { toolError, type ToolError } from '@shared/tools/tool-types';
import { errorText } from '@shared/errors';

export const GLOB_LIMITS = {
  maxPatternChars: 1_000,
  maxWildcards: 4,
  maxStarsPerName: 3,
} as const;

/** True when a relative "/"-separated path matches. */
export type GlobMatcher = (path: string) => boolean;

export type CompiledGlob = { ok: true; match: GlobMatcher } | { ok: false; error: ToolError };

export function compileGlob(pattern: string, caseInsensitive = false): CompiledGlob {
  if (pattern.length > GLOB_LIMITS.maxPatternChars) {
    return invalid(
      pattern,
      `it is ${pattern.length} characters long; at most ${GLOB_LIMITS.maxPatternChars} are accepted`,
    );
  }
  // Backslashes are Windows separators here, never escapes: models write src\*.ts.
  let glob = pattern.replace(/\\/g, '/').replace(/^(?:\.\/)+/, '');
  if (glob === '') return invalid(pattern, 'it is empty');
  if (!glob.includes('/')) glob = `**/${glob}`;
  const tooCostly = costProblem(glob);
  if (tooCostly) return invalid(pattern, tooCostly);
  try {
    const isMatch = picomatch(glob.replace(/[()|]/g, '\\$&'), {
      dot: true,
      nocase: caseInsensitive,
      noextglob: true,
      nonegate: true,
      // [!abc] negation and [[:alpha:]] classes, as in a POSIX shell.
      posix: true,
      // An unclosed [ { ( is an error, not a literal character nobody meant.
      strictBrackets: true,
      // Without it a pattern whose regex fails to compile silently matches nothing.
      debug: true,
      windows: false,
      maxLength: GLOB_LIMITS.maxPatternChars * 4,
    });
    return { ok: true, match: (path) => isMatch(path) };
  } catch (error) {
    return invalid(pattern, readableReason(error));
  }
}

function costProblem(glob: string): string | null {
  const segments = glob.split('/');
  let wildcards = 0;
  for (const segment of segments) {
    const stars = segment === '**' ? 1 : (segment.match(/\*+/g)?.length ?? 0);
    if (stars > GLOB_LIMITS.maxStarsPerName) {
      return `"${segment}" has ${stars} "*" wildcards; at most ${GLOB_LIMITS.maxStarsPerName} in one name are accepted, since more can take minutes to match`;
    }
    wildcards += stars;
  }
  if (wildcards > GLOB_LIMITS.maxWildcards) {
    return `it has ${wildcards} wildcards (each "*" run and each "**"; a pattern without "/" starts with an implied "**/"); at most ${GLOB_LIMITS.maxWildcards} are accepted, since more can take minutes to match`;
  }
  return null;
}

// picomatch says "Missing closing: "}" - use "\\}" to match literal characters", or
// quotes the whole generated regex; keep the part that tells the model what to fix
// (backslash escapes do not exist in this dialect, see above).
function readableReason(error: unknown): string {
  const message = errorText(error);
  const regexFailure = /^Invalid regular expression: \/.*\/[a-z]*: (.+)$/s.exec(message);
  if (regexFailure?.[1]) return regexFailure[1].toLowerCase();
  return message
    .replace(/ - use .*$/s, '')
    .replace(/^Missing closing: (.+)$/, 'a $1 is never closed')
    .replace(/^Missing opening: (.+)$/, 'a $1 is never opened');
}

function invalid(pattern: string, reason: string): CompiledGlob {
  const shown = pattern.length > 200 ? `${pattern.slice(0, 200)}…` : pattern;
  return {
    ok: false,
    error: toolError(
      'invalid_pattern',
      `invalid glob pattern "${shown}": ${reason}. Use **, *, ?, [abc], [!abc] and {a,b}`,
      { pattern: shown },
    ),
  };
}
