// The pure half of edit_file: exact, literal replacement that refuses to guess.
// A model that sees "found 3 occurrences, expected 1" can add context and retry;
// a silent replace-first would change the wrong place.
import { toolError, type ToolError } from '@shared/tools/tool-types';

export function countOccurrences(text: string, needle: string): number {
  if (needle === '') return 0;
  let count = 0;
  for (let at = text.indexOf(needle); at !== -1; at = text.indexOf(needle, at + needle.length)) count++;
  return count;
}

export function applyEdit(
  text: string,
  oldString: string,
  newString: string,
  expected: number,
  fileName: string,
): { ok: true; text: string; replaced: number } | { ok: false; error: ToolError } {
  if (oldString === '')
    return {
      ok: false,
      error: toolError('invalid_arguments', 'old_string is empty; to create or replace a whole file use write_file'),
    };
  if (oldString === newString)
    return {
      ok: false,
      error: toolError('invalid_arguments', 'old_string and new_string are identical; nothing would change'),
    };
  const found = countOccurrences(text, oldString);
  if (found === 0) {
    const hint =
      text.includes('\r\n') && oldString.includes('\n') && !oldString.includes('\r\n')
        ? ' The file uses CRLF line endings.'
        : '';
    return {
      ok: false,
      error: toolError(
        'no_match',
        `old_string was not found in "${fileName}". It must match exactly, including whitespace and indentation; read the file again.${hint}`,
      ),
    };
  }
  if (found !== expected) {
    return {
      ok: false,
      error: toolError(
        'match_count',
        `old_string occurs ${found} times in "${fileName}" but expected_replacements is ${expected}. Add surrounding lines to make it unique, or set expected_replacements to ${found} to replace all of them.`,
        { found, expected },
      ),
    };
  }
  // split/join, not String.replace: "$&" and friends in new_string must stay literal.
  return { ok: true, text: text.split(oldString).join(newString), replaced: found };
}
