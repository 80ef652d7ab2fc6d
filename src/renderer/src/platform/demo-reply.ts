// The in-memory platform's canned answer: thinking, markdown, code, a table and
// math, streamed word by word, so a page shows every kind of content it renders.
import type { StreamEvent } from '@shared/chat/types';
import type { InvokeInput } from '@shared/contract';

/**
 * A small answer that exercises the renderer: thinking, markdown, code and math. A message containing "fail" fails
 * midway.
 */
export function demoReply(input: InvokeInput<'chat:send'>): StreamEvent[][] {
  const content = input.mode === 'chat' ? input.messages.at(-1)?.content : input.prompt;
  const last =
    typeof content === 'string'
      ? content
      : (content ?? []).map((part) => (part.type === 'text' ? part.text : '')).join(' ');
  if (/\bfail\b/i.test(last)) {
    return [
      ...words('Here is the start of an answer that will not').map((text): StreamEvent[] => [
        { type: 'content', text },
      ]),
      [
        {
          type: 'error',
          error: {
            code: 'server_error',
            message: 'the server reported an error: context shift is disabled and the context is full (demo)',
          },
        },
      ],
    ];
  }
  if (input?.mode === 'completion') {
    return words(
      ' and the model went on writing where the text stopped, one token at a time, until it reached a natural end.',
    ).map((text) => [{ type: 'content', text }]);
  }
  const thinking = 'The user wants a short demo. I will show a heading, a list, some code and a formula.';
  const answer = [
    '## Streaming demo',
    '',
    'This answer comes from the **in-memory platform**: nothing here talks to a real llama-server.',
    '',
    '- markdown with *emphasis* and `inline code`',
    '- a [link](https://github.com/ggml-org/llama.cpp) that opens in a new window',
    '- math: $E = mc^2$ and',
    '',
    '$$\\int_0^1 x^2\\,dx = \\frac{1}{3}$$',
    '',
    '```ts',
    'function greet(name: string): string {',
    '  return `Hello, ${name}!`;',
    '}',
    '```',
    '',
    '| backend | speed |',
    '| --- | ---: |',
    '| cuda | 142 tok/s |',
    '| cpu | 18 tok/s |',
  ].join('\n');
  return [
    ...words(thinking).map((text): StreamEvent[] => [{ type: 'reasoning', text }]),
    ...words(answer).map((text): StreamEvent[] => [{ type: 'content', text }]),
  ];
}

function words(text: string): string[] {
  return text.match(/\s*\S+|\s+/g) ?? [];
}
