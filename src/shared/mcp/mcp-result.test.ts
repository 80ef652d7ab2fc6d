import { describe, expect, it } from 'vitest';
import { MAX_CONTENT_ITEM_BYTES, MAX_STEP_CONTENT_BYTES } from '../tools/tool-content';
import { mcpResultToToolResult } from './mcp-result';

const base64Of = (bytes: number) => 'A'.repeat(Math.ceil(bytes / 3) * 4);

describe('MCP result → tool result', () => {
  it('joins text blocks', () => {
    expect(
      mcpResultToToolResult(
        {
          content: [
            { type: 'text', text: 'one' },
            { type: 'text', text: 'two' },
          ],
        },
        7,
      ),
    ).toEqual({ status: 'ok', output: 'one\ntwo', durationMs: 7 });
  });

  it('turns an image into a note for the model and a data URL in the content for the step card', () => {
    const result = mcpResultToToolResult({ content: [{ type: 'image', data: 'AAAA', mimeType: 'image/png' }] }, 1);
    expect(result.output).toBe('[image 1: image/png, 3 B]');
    expect(result.content).toEqual([
      { kind: 'image', mimeType: 'image/png', bytes: 3, dataUrl: 'data:image/png;base64,AAAA' },
    ]);
    expect(result.details).toBeUndefined();
  });

  it('drops an image over the per-item cap, keeps its type and size, and says so', () => {
    const result = mcpResultToToolResult(
      { content: [{ type: 'image', data: base64Of(MAX_CONTENT_ITEM_BYTES + 3), mimeType: 'image/jpeg' }] },
      1,
    );
    expect(result.content).toEqual([
      { kind: 'image', mimeType: 'image/jpeg', bytes: expect.any(Number), dataUrl: null },
    ]);
    expect(result.content![0]!.kind === 'image' && result.content![0]!.bytes).toBeGreaterThan(MAX_CONTENT_ITEM_BYTES);
    expect(result.output).toBe('[image 1: image/jpeg, 4.0 MB; too large to keep, dropped]');
  });

  it('keeps images until the step budget is spent, then drops the rest', () => {
    const size = MAX_CONTENT_ITEM_BYTES - 3;
    const count = Math.floor(MAX_STEP_CONTENT_BYTES / size) + 1;
    const result = mcpResultToToolResult(
      {
        content: Array.from({ length: count }, () => ({ type: 'image', data: base64Of(size), mimeType: 'image/png' })),
      },
      1,
    );
    const kept = result.content!.filter((item) => item.kind === 'image' && item.dataUrl !== null);
    expect(kept).toHaveLength(count - 1);
    expect(result.content!.at(-1)).toMatchObject({ kind: 'image', dataUrl: null });
    expect(result.output.split('\n').at(-1)).toContain(`[image ${count}: image/png`);
  });

  it('refuses to build a data URL from a MIME type that is not one (it would land in an <img src>)', () => {
    const result = mcpResultToToolResult(
      { content: [{ type: 'image', data: 'AAAA', mimeType: 'text/html"><script>' }] },
      1,
    );
    expect(result.content).toEqual([{ kind: 'image', mimeType: 'image/unknown', bytes: 3, dataUrl: null }]);
  });

  it('keeps audio, embedded resources and links as content, and describes them to the model', () => {
    const result = mcpResultToToolResult(
      {
        content: [
          { type: 'audio', data: 'AAAAAAAA', mimeType: 'audio/wav' },
          { type: 'resource', resource: { uri: 'file:///a.txt', mimeType: 'text/plain', text: 'hello' } },
          { type: 'resource', resource: { uri: 'file:///b.bin', mimeType: 'application/octet-stream', blob: 'AAAA' } },
          { type: 'resource_link', uri: 'file:///c', name: 'c', description: 'the c file', mimeType: 'text/plain' },
          { type: 'hologram' },
        ],
      },
      1,
    );
    expect(result.output.split('\n')).toEqual([
      '[audio 1: audio/wav, 6 B]',
      '[resource file:///a.txt]',
      'hello',
      '[resource file:///b.bin (application/octet-stream, 3 B); binary, not shown]',
      '[resource link c: file:///c] the c file',
      '[hologram content, not shown]',
    ]);
    expect(result.content).toEqual([
      { kind: 'audio', mimeType: 'audio/wav', bytes: 6, dataUrl: 'data:audio/wav;base64,AAAAAAAA' },
      { kind: 'resource', uri: 'file:///a.txt', mimeType: 'text/plain', bytes: 5, text: 'hello' },
      {
        kind: 'resource',
        uri: 'file:///b.bin',
        mimeType: 'application/octet-stream',
        bytes: 3,
        dataUrl: 'data:application/octet-stream;base64,AAAA',
      },
      { kind: 'resource_link', uri: 'file:///c', name: 'c', description: 'the c file', mimeType: 'text/plain' },
    ]);
  });

  it('falls back to structuredContent, then to the old toolResult', () => {
    expect(mcpResultToToolResult({ content: [], structuredContent: { n: 1 } }, 1).output).toBe('{\n  "n": 1\n}');
    expect(mcpResultToToolResult({ toolResult: 'legacy' }, 1).output).toBe('legacy');
  });

  it('makes isError a failed step whose message is the first line', () => {
    const result = mcpResultToToolResult(
      { content: [{ type: 'text', text: 'no such file\nat line 2' }], isError: true },
      3,
    );
    expect(result).toMatchObject({
      status: 'error',
      output: 'no such file\nat line 2',
      error: { code: 'tool_failed', message: 'no such file', details: { reportedByTool: true } },
    });
    expect(mcpResultToToolResult({ content: [], isError: true }, 1).error?.message).toBe(
      'the tool reported an error without a message',
    );
  });

  it('caps long output, keeping head and tail', () => {
    const result = mcpResultToToolResult(
      { content: [{ type: 'text', text: `${'a'.repeat(100)}${'b'.repeat(100)}` }] },
      1,
      50,
    );
    expect(result.output.startsWith('a'.repeat(25))).toBe(true);
    expect(result.output.endsWith('b'.repeat(25))).toBe(true);
    expect(result.details).toEqual({ truncated: true, totalChars: 200 });
  });
});
