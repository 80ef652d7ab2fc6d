// The name an export is saved under: one conversation after its title (as the user
// sees it in the list), several by date. Safe on every file system we ship to.

// Characters Windows, macOS or Linux refuse in a file name, and control characters.
// eslint-disable-next-line no-control-regex
const UNSAFE = /[\u0000-\u001f\u007f<>:"/\\|?*]+/g;
const RESERVED = /^(con|prn|aux|nul|com\d|lpt\d)$/i;
const MAX_CHARS = 80;

export function exportFileName(kind: { all: true } | { titles: readonly string[] }, stamp: string): string {
  if ('all' in kind) return `eva-history-${stamp}`;
  if (kind.titles.length !== 1) return `eva-conversations-${stamp}`;
  const safe = [...(kind.titles[0] ?? '').replace(UNSAFE, ' ').replace(/\s+/g, ' ').trim()]
    .slice(0, MAX_CHARS)
    .join('')
    .replace(/[. ]+$/, '');
  return safe === '' || RESERVED.test(safe) ? `eva-conversation-${stamp}` : safe;
}
