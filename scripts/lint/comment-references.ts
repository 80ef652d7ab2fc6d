// What a comment may refer to (rule 17 of the house style): only what is in the repository, and
// truly. Two checks over the comments of a source file; the cases they flag and pass are spelled out
// in comment-references.test.ts (as strings there, so they do not trip the check themselves).
// - No tracker citation: the word issue, ticket or bug (or its plural) followed by a number, a number
//   right after a hash, or a design seed by its zero-padded number. A sampler seed is a value, not a
//   citation (a seed of forty-two passes); so is a colour with a letter in its hex digits (a colour of
//   digits only reads as a hashed number: name it instead).
// - No stale cross-reference. A name cited in backticks as a call with empty parentheses (of a dotted
//   name, its last segment), or a backticked camel-case name with an inner capital, must be declared or
//   imported somewhere in the source, or be a global of the runtime. A file cited by a name ending in
//   .ts, .tsx, .mts, .mjs, .cjs or .css, with the folders written before it, must be a file of the
//   repository whose path ends so; an import alias in front stands for its folder.
// Comments come from the TypeScript parse, never from inside a string, a template, a regular
// expression or JSX text; in CSS they are the slash-star blocks.
import ts from 'typescript';

/** One comment: the line it starts on (1-based) and its text, delimiters included. */
export interface SourceComment {
  line: number;
  text: string;
}

/** One problem found in a comment. */
export interface CommentProblem {
  line: number;
  kind: 'citation' | 'stale-name' | 'stale-file';
  found: string;
}

const SCRIPT = /\.(?:[cm]?[jt]s|tsx|jsx)$/;

function scriptKind(fileName: string): ts.ScriptKind {
  if (fileName.endsWith('.tsx')) return ts.ScriptKind.TSX;
  if (fileName.endsWith('.jsx')) return ts.ScriptKind.JSX;
  if (/\.[cm]?js$/.test(fileName)) return ts.ScriptKind.JS;
  return ts.ScriptKind.TS;
}

export function parseSource(source: string, fileName: string): ts.SourceFile {
  return ts.createSourceFile(
    fileName,
    source,
    { languageVersion: ts.ScriptTarget.Latest, jsDocParsingMode: ts.JSDocParsingMode.ParseNone },
    false,
    scriptKind(fileName),
  );
}

function lineAt(source: string, offset: number): number {
  let line = 1;
  for (let i = source.indexOf('\n'); i !== -1 && i < offset; i = source.indexOf('\n', i + 1)) line++;
  return line;
}

// Where a script has text that is not code: strings, templates, regular expressions and JSX text.
// A `//` or `/*` anywhere else starts a comment.
function literalRanges(file: ts.SourceFile): Array<[number, number]> {
  const ranges: Array<[number, number]> = [];
  const visit = (node: ts.Node): void => {
    if (
      ts.isStringLiteral(node) ||
      ts.isNoSubstitutionTemplateLiteral(node) ||
      ts.isTemplateHead(node) ||
      ts.isTemplateMiddle(node) ||
      ts.isTemplateTail(node) ||
      ts.isRegularExpressionLiteral(node) ||
      ts.isJsxText(node)
    ) {
      ranges.push([node.getStart(file), node.end]);
      return;
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return ranges.sort(([a], [b]) => a - b);
}

/** Every comment of a script (TS, TSX, JS) or a stylesheet, in source order. */
export function commentsOf(source: string, fileName: string, parsed?: ts.SourceFile): SourceComment[] {
  if (fileName.endsWith('.css')) {
    return [...source.matchAll(/\/\*[\s\S]*?\*\//g)].map((match) => ({
      line: lineAt(source, match.index),
      text: match[0],
    }));
  }
  if (!SCRIPT.test(fileName)) return [];
  const file = parsed ?? parseSource(source, fileName);
  const literals = literalRanges(file);
  const comments: SourceComment[] = [];
  let next = 0;
  for (let at = source.indexOf('/'); at !== -1; at = source.indexOf('/', at + 1)) {
    while (next < literals.length && (literals[next]?.[1] ?? 0) <= at) next++;
    const literal = literals[next];
    if (literal && literal[0] <= at) {
      at = literal[1] - 1;
      continue;
    }
    const kind = source[at + 1];
    if (kind !== '/' && kind !== '*') continue;
    const close = kind === '/' ? source.indexOf('\n', at) : source.indexOf('*/', at + 2);
    const end = close === -1 ? source.length : kind === '/' ? close : close + 2;
    comments.push({ line: file.getLineAndCharacterOfPosition(at).line + 1, text: source.slice(at, end) });
    at = end - 1;
  }
  return comments;
}

const CITATION =
  /\b(?:issues?|tickets?|bugs?)\s+#?\d+(?:\s*[/,]\s*#?\d+)*\b|\bseeds?\s+0\d+(?:\s*[/,]\s*0\d+)*\b|(?<![\w&#])#\d+\b(?![\w-])/gi;

/** The tracker citations in one comment's text. */
export function citationsIn(text: string): string[] {
  return [...text.matchAll(CITATION)].map((match) => match[0]);
}

// A call (a dotted name's last segment is the name), and a camel-case name alone in its backticks.
const CALL = /`((?:[A-Za-z_$][\w$]*\.)*([A-Za-z_$][\w$]*))\(\)`/g;
const CAMEL = /`([a-z][a-z0-9]*[A-Z][A-Za-z0-9]*)`/g;
// A file name, with the folders before it and any `./`, `../` or `@alias/` in front.
const FILE =
  /(?<![\w./@-])(?:\.{1,2}\/)*(@[\w-]+\/)?((?:[\w.-]+\/)*\w[\w-]*(?:\.[\w-]+)*\.(?:ts|tsx|mts|mjs|cjs|css))(?![\w-])/g;

/** The names and the file paths one comment's text cites (an `@alias/` kept in front of its path). */
export function referencesIn(text: string): { names: string[]; files: string[] } {
  const names = [...text.matchAll(CALL)].map((match) => match[2] ?? '');
  for (const match of text.matchAll(CAMEL)) names.push(match[1] ?? '');
  const files = [...text.matchAll(FILE)].map((match) => (match[1] ?? '') + (match[2] ?? ''));
  return { names, files };
}

/** The names a script declares or imports: functions, classes, variables, members, parameters, imports. */
export function declaredNames(file: ts.SourceFile): Set<string> {
  const names = new Set<string>();
  const visit = (node: ts.Node): void => {
    const named = node as ts.Node & { name?: ts.Node; propertyName?: ts.Node };
    for (const name of [named.name, named.propertyName])
      if (name && (ts.isIdentifier(name) || ts.isPrivateIdentifier(name))) names.add(name.text);
    ts.forEachChild(node, visit);
  };
  visit(file);
  return names;
}

/** What the whole repository offers a comment to refer to. */
export interface KnownReferences {
  names: ReadonlySet<string>;
  /**
   * every repository file's path from the root, and each of its tails: `scripts/lint/wall-clock-assertions.ts`,
   * `lint/wall-clock-assertions.ts`, `wall-clock-assertions.ts`
   */
  paths: ReadonlySet<string>;
  /** the import aliases, each to its folder from the root (`@renderer` → `src/renderer/src`) */
  aliases: Readonly<Record<string, string>>;
}

/** The paths and tails a comment may cite the given repository files by. */
export function citablePaths(files: Iterable<string>): Set<string> {
  const paths = new Set<string>();
  for (const file of files) {
    const parts = file.split('/');
    for (let i = 0; i < parts.length; i++) paths.add(parts.slice(i).join('/'));
  }
  return paths;
}

const isGlobal = (name: string): boolean => name in globalThis;

function fileExists(cited: string, known: KnownReferences): boolean {
  const alias = /^(@[\w-]+)\/(.*)$/.exec(cited);
  const folder = alias ? known.aliases[alias[1] ?? ''] : undefined;
  return known.paths.has(folder !== undefined && alias ? `${folder}/${alias[2]}` : cited);
}

/** The problems of one file's comments, given what the repository declares and holds. */
export function commentProblems(comments: readonly SourceComment[], known: KnownReferences): CommentProblem[] {
  return comments.flatMap(({ line, text }) => {
    const problems: CommentProblem[] = citationsIn(text).map((found) => ({ line, kind: 'citation', found }));
    const { names, files } = referencesIn(text);
    for (const name of names)
      if (!known.names.has(name) && !isGlobal(name)) problems.push({ line, kind: 'stale-name', found: name });
    for (const file of files) if (!fileExists(file, known)) problems.push({ line, kind: 'stale-file', found: file });
    return problems;
  });
}
