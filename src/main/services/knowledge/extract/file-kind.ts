// Which extractor reads a file, by its extension. Anything not named here is
// refused as `unsupported_type` rather than guessed at.

export type FileKind = 'text' | 'markdown' | 'code' | 'html' | 'pdf' | 'docx';

const TEXT = [
  'txt',
  'text',
  'log',
  'csv',
  'tsv',
  'rst',
  'adoc',
  'tex',
  'srt',
  'ini',
  'cfg',
  'conf',
  'toml',
  'yaml',
  'yml',
  'json',
  'jsonl',
  'xml',
];
const MARKDOWN = ['md', 'markdown', 'mdx'];
const CODE = [
  'ts',
  'tsx',
  'js',
  'jsx',
  'mjs',
  'cjs',
  'py',
  'rb',
  'go',
  'rs',
  'java',
  'kt',
  'kts',
  'scala',
  'c',
  'h',
  'cc',
  'cpp',
  'cxx',
  'hpp',
  'hh',
  'cs',
  'swift',
  'm',
  'mm',
  'php',
  'pl',
  'lua',
  'r',
  'jl',
  'sh',
  'bash',
  'zsh',
  'fish',
  'ps1',
  'bat',
  'cmd',
  'sql',
  'css',
  'scss',
  'less',
  'vue',
  'svelte',
  'dart',
  'hs',
  'ml',
  'ex',
  'exs',
  'erl',
  'clj',
  'el',
  'vim',
  'cmake',
  'gradle',
  'proto',
  'graphql',
  'zig',
  'nim',
  'f90',
  'asm',
  's',
];
const NAMED = new Set(['makefile', 'dockerfile', 'license', 'readme', 'cmakelists.txt']);

const BY_EXTENSION = new Map<string, FileKind>([
  ...TEXT.map((ext) => [ext, 'text'] as const),
  ...MARKDOWN.map((ext) => [ext, 'markdown'] as const),
  ...CODE.map((ext) => [ext, 'code'] as const),
  ['html', 'html'],
  ['htm', 'html'],
  ['xhtml', 'html'],
  ['pdf', 'pdf'],
  ['docx', 'docx'],
]);

/** The extractor for this file name, or null where none reads it. */
export function fileKindOf(fileName: string): FileKind | null {
  const name = fileName.split(/[\\/]/).pop()!.toLowerCase();
  if (NAMED.has(name)) return 'text';
  const dot = name.lastIndexOf('.');
  if (dot <= 0) return null;
  return BY_EXTENSION.get(name.slice(dot + 1)) ?? null;
}
