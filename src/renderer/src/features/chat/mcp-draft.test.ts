// Prompt and resource pieces into the draft: text, quoted resources, attachments, and what was left out.
import { describe, expect, it } from 'vitest';
import type { McpContentPart } from '@shared/mcp/mcp-content';
import { draftAddition, quoteResource, withAddition } from './mcp-draft';

let n = 0;
const newId = () => `id${++n}`;
const image: McpContentPart = {
  kind: 'image',
  uri: 'demo://img/logo.png',
  mimeType: 'image/png',
  dataUrl: 'data:image/png;base64,AAAA',
  bytes: 3,
};

describe('draftAddition', () => {
  it('puts words and quoted text resources into the text, images into attachments', () => {
    const addition = draftAddition(
      [
        { kind: 'text', text: 'Look at this:' },
        { kind: 'resource-text', uri: 'file:///a.md', mimeType: 'text/markdown', text: '# A\n' },
        image,
      ],
      newId,
      null,
    );
    expect(addition.text).toBe('Look at this:\n\nfile:///a.md\n```markdown\n# A\n```');
    expect(addition.attachments).toEqual([
      {
        id: expect.any(String),
        kind: 'image',
        name: 'logo.png',
        dataUrl: 'data:image/png;base64,AAAA',
        format: '',
        size: 3,
      },
    ]);
    expect(addition.leftOut).toEqual([]);
  });

  it('lists what it left out: binary, too large, and images the model cannot see', () => {
    const addition = draftAddition(
      [
        {
          kind: 'skipped',
          reason: 'binary',
          uri: 'file:///data.bin',
          mimeType: 'application/octet-stream',
          size: 10,
          unit: 'bytes',
          limit: null,
        },
        {
          kind: 'skipped',
          reason: 'too_large',
          uri: 'file:///big.log',
          mimeType: 'text/plain',
          size: 300_000,
          unit: 'chars',
          limit: 262_144,
        },
        image,
      ],
      newId,
      { vision: false, audio: false },
    );
    expect(addition.text).toBe('');
    expect(addition.attachments).toEqual([]);
    expect(addition.leftOut.map((item) => [item.name, item.reason])).toEqual([
      ['data.bin', 'binary'],
      ['big.log', 'too_large'],
      ['logo.png', 'no_vision'],
    ]);
  });
});

describe('quoteResource', () => {
  it('uses a fence longer than any backtick run inside', () => {
    expect(quoteResource('x://y', 'text/plain', 'a ``` b')).toBe('x://y\n````\na ``` b\n````');
  });
});

describe('withAddition', () => {
  const addition = { text: 'added', attachments: [], leftOut: [] };
  it('appends after what was typed, or replaces a slash command', () => {
    expect(withAddition({ text: 'typed ', attachments: [] }, addition).text).toBe('typed\n\nadded');
    expect(withAddition({ text: '/review', attachments: [] }, addition, true).text).toBe('added');
    expect(withAddition({ text: 'kept', attachments: [] }, { ...addition, text: '' }).text).toBe('kept');
  });
});
