import { describe, expect, it } from 'vitest';
import { takeSentences } from './sentence-splitter';

const all = (text: string) => takeSentences(text, 0, true).sentences;

/** Feeds `text` in pieces of `step` characters, as a stream does, then ends it. */
function streamed(text: string, step: number): { sentences: string[]; batches: string[][] } {
  const batches: string[][] = [];
  let next = 0;
  for (let end = step; end < text.length + step; end += step) {
    const batch = takeSentences(text.slice(0, Math.min(end, text.length)), next, false);
    batches.push(batch.sentences);
    next = batch.next;
  }
  batches.push(takeSentences(text, next, true).sentences);
  return { sentences: batches.flat(), batches };
}

describe('takeSentences', () => {
  it('splits English at . ! ? followed by a space', () => {
    expect(all('Hello world. How are you? Fine! Thanks')).toEqual(['Hello world.', 'How are you?', 'Fine!', 'Thanks']);
  });

  it('splits Chinese at 。！？； without waiting for a space', () => {
    expect(takeSentences('你好。今天天气很好！你呢？我们走吧；', 0, false).sentences).toEqual([
      '你好。',
      '今天天气很好！',
      '你呢？',
      '我们走吧；',
    ]);
  });

  it('keeps closing quotes with their sentence', () => {
    expect(all('他说：“好的。”然后走了。')).toEqual(['他说：“好的。”', '然后走了。']);
    expect(all('He said "yes." Then left.')).toEqual(['He said "yes."', 'Then left.']);
  });

  it('does not split decimals, versions or dotted names', () => {
    expect(all('Pi is 3.14 today. Use v1.2.3 of node.js now.')).toEqual([
      'Pi is 3.14 today.',
      'Use v1.2.3 of node.js now.',
    ]);
  });

  it('treats a line break as the end of a sentence, and list markers as no sentence', () => {
    expect(all('Steps\n1. Install it\n2. Run it\n- done')).toEqual(['Steps', 'Install it', 'Run it', 'done']);
  });

  it('skips fenced code blocks and says the sentence before them', () => {
    const text = 'Run this:\n```js\nconsole.log("a. b");\nexit();\n```\nDone. Bye.';
    expect(all(text)).toEqual(['Run this:', 'Done.', 'Bye.']);
    expect(all('A.\n~~~\ncode. more.\n~~~\nB.')).toEqual(['A.', 'B.']);
  });

  it('skips inline code, think sections and display math', () => {
    expect(all('Use `a.b()` to call. Then stop.')).toEqual(['Use to call.', 'Then stop.']);
    expect(all('<think>Hmm. Let me see.</think>The answer is 4.')).toEqual(['The answer is 4.']);
    expect(all('So $$x = 1. y = 2.$$ holds. Yes.')).toEqual(['So', 'holds.', 'Yes.']);
  });

  it('strips markdown syntax from what it hands out', () => {
    expect(
      all('## Title\n**Bold** and _it_ [link](http://example.com/a.b) here.\n> quoted.\n| a | b |\n|---|---|'),
    ).toEqual(['Title', 'Bold and it link here.', 'quoted.', 'a b']);
  });

  it('while streaming, hands out only completed sentences', () => {
    expect(takeSentences('Hello wor', 0, false)).toEqual({ sentences: [], next: 0 });
    expect(takeSentences('Hello world. How', 0, false)).toEqual({ sentences: ['Hello world.'], next: 12 });
    // "3." may still become "3.14": no space yet, no sentence yet.
    expect(takeSentences('It costs 3.', 0, false).sentences).toEqual([]);
    expect(takeSentences('It costs 3.', 0, true).sentences).toEqual(['It costs 3.']);
  });

  it('while streaming, waits at an unclosed fence or inline code', () => {
    const open = takeSentences('Look:\n```py\nprint(1). x', 0, false);
    expect(open.sentences).toEqual(['Look:']);
    expect(takeSentences('Look:\n```py\nprint(1). x\n```\nOk. ', open.next, false).sentences).toEqual(['Ok.']);
    expect(takeSentences('Call `x. y', 0, false)).toEqual({ sentences: [], next: 0 });
    // A closing fence without its newline may still be an opening one ("```js"): wait.
    expect(takeSentences('A.\n```\nx\n```', 3, false)).toEqual({ sentences: [], next: 3 });
  });

  it('at the end, an unclosed block is dropped and a stray backtick is literal', () => {
    expect(all('Look:\n```py\nprint(1)')).toEqual(['Look:']);
    expect(all('Call `x. Then go.')).toEqual(['Call x.', 'Then go.']);
  });

  it('cuts a long run without full stops at a comma', () => {
    const clause = '这是一个很长的句子里面的一部分内容';
    const text = Array.from({ length: 10 }, () => clause).join('，');
    const sentences = takeSentences(text, 0, false).sentences;
    expect(sentences.length).toBeGreaterThan(0);
    expect(sentences[0]?.endsWith('，')).toBe(true);
  });

  it('streamed in any piece size, says the same sentences as all at once, each once', () => {
    const text =
      '# Plan\nFirst, we check 3.14 values. 然后我们测试。Is it ok?\n```sh\nnpm test. again\n```\n- item one\n- item `two.` done\n<think>no. no.</think>\nThe end';
    const whole = all(text);
    expect(whole).toEqual([
      'Plan',
      'First, we check 3.14 values.',
      '然后我们测试。',
      'Is it ok?',
      'item one',
      'item done',
      'The end',
    ]);
    for (const step of [1, 2, 3, 7, 13, 40]) expect(streamed(text, step).sentences).toEqual(whole);
  });

  it('a sentence arrives as soon as it is complete', () => {
    const { batches } = streamed('One. Two. Three', 5);
    // "One. " is complete once the space after the stop has arrived (the first 5 characters).
    expect(batches[0]).toEqual(['One.']);
    expect(batches.at(-1)).toEqual(['Three']);
  });
});
