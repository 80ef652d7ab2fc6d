// The knowledge benchmarks' text: seeded prose over a Zipf-like vocabulary (a
// few common words everywhere, thousands of rare ones), so BM25 has realistic
// posting lists and each passage has words of its own. The same seed gives the
// same files and the same synthetic passages on every run.
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { seededRandom } from '@test-support/seeded-random';

/** The syllables the bench corpora make words of (history-corpus.ts takes the first 16). */
export const SYLLABLES = [
  'ka',
  'lo',
  'mi',
  'ren',
  'to',
  'sha',
  'vel',
  'dor',
  'qui',
  'an',
  'es',
  'or',
  'ul',
  'ty',
  'ne',
  'pra',
  'zi',
  'mo',
  'gar',
  'en',
];
const COMMON = [
  'the',
  'of',
  'and',
  'to',
  'a',
  'in',
  'is',
  'that',
  'for',
  'it',
  'with',
  'as',
  'on',
  'by',
  'this',
  'model',
  'server',
  'data',
  'file',
  'value',
];

export interface ProseWriter {
  /** a sentence of about `words` words */
  sentence(words: number): string;
  /** paragraphs of sentences, about `words` words in all */
  text(words: number): string;
  /** a rare word of the vocabulary (a keyword query) */
  rareWord(): string;
}

export function proseWriter(seed: number, vocabulary = 20_000): ProseWriter {
  const rand = seededRandom(seed);
  const words = Array.from({ length: vocabulary }, () =>
    Array.from({ length: 2 + Math.floor(rand() * 3) }, () => SYLLABLES[Math.floor(rand() * SYLLABLES.length)]).join(''),
  );
  // Zipf-like: rank r drawn with probability ~ 1/r, by inverting the harmonic CDF's log approximation.
  const word = (): string =>
    rand() < 0.35
      ? COMMON[Math.floor(rand() * COMMON.length)]!
      : words[Math.min(words.length - 1, Math.floor(Math.exp(rand() * Math.log(words.length))) - 1)]!;
  const sentence = (n: number): string => {
    const text = Array.from({ length: Math.max(3, n) }, word).join(' ');
    return `${text.charAt(0).toUpperCase()}${text.slice(1)}.`;
  };
  return {
    sentence,
    text(total: number): string {
      const paragraphs: string[] = [];
      for (let left = total; left > 0;) {
        const sentences: string[] = [];
        for (let s = 0; s < 3 + Math.floor(rand() * 4) && left > 0; s++) {
          const n = Math.min(left, 8 + Math.floor(rand() * 16));
          sentences.push(sentence(n));
          left -= n;
        }
        paragraphs.push(sentences.join(' '));
      }
      return paragraphs.join('\n\n');
    },
    rareWord: () => words[Math.floor(words.length / 10 + rand() * (words.length * 0.9))]!,
  };
}

/** `files` Markdown and text files of about `wordsPerFile` words each under `dir`; returns the folder. */
export async function writeCorpusFiles(dir: string, files: number, wordsPerFile: number, seed = 17): Promise<string> {
  const prose = proseWriter(seed);
  await mkdir(dir, { recursive: true });
  for (let i = 0; i < files; i++) {
    const markdown = i % 2 === 0;
    const body = prose.text(wordsPerFile);
    const text = markdown
      ? `# Note ${i}\n\n${body.replace(/\n\n/g, (m, at: number) => (at % 7 === 0 ? `\n\n## Part ${at}\n\n` : m))}\n`
      : `${body}\n`;
    await writeFile(join(dir, `note-${String(i).padStart(4, '0')}.${markdown ? 'md' : 'txt'}`), text);
  }
  return dir;
}
