// Glob → RegExp for list_files, matched against "/"-separated paths relative to
// the listed directory. Supports **, *, ?, [abc], [!abc], {a,b}. A pattern
// without "/" matches the file name at any depth ("*.ts"), which is what small
// models usually mean.

export function globToRegExp(pattern: string, caseInsensitive = false): RegExp {
  let glob = pattern.replace(/\\/g, '/').replace(/^\.\//, '');
  if (!glob.includes('/')) glob = `**/${glob}`;
  let out = '';
  let braces = 0;
  for (let i = 0; i < glob.length; i++) {
    const ch = glob[i] as string;
    if (ch === '*') {
      if (glob[i + 1] === '*') {
        const slashAfter = glob[i + 2] === '/';
        const atSegmentStart = i === 0 || glob[i - 1] === '/';
        if (atSegmentStart && slashAfter) {
          out += '(?:[^/]*/)*';
          i += 2;
        } else {
          out += '.*';
          i += 1;
        }
      } else out += '[^/]*';
    } else if (ch === '?') out += '[^/]';
    else if (ch === '[') {
      const close = glob.indexOf(']', i + 2);
      if (close === -1) out += '\\[';
      else {
        const body = glob.slice(i + 1, close).replace(/^!/, '^').replace(/\\/g, '\\\\');
        out += `[${body}]`;
        i = close;
      }
    } else if (ch === '{') {
      braces++;
      out += '(?:';
    } else if (ch === '}' && braces > 0) {
      braces--;
      out += ')';
    } else if (ch === ',' && braces > 0) out += '|';
    else out += ch.replace(/[.+^$()|\\{}]/g, '\\$&');
  }
  out += ')'.repeat(braces);
  return new RegExp(`^${out}$`, caseInsensitive ? 'i' : '');
}
