import { describe, expect, it } from 'vitest';
import { MAX_IMAGE_DATA_URL_BYTES, mcpResultToToolResult } from './mcp-result';

describe('MCP result → tool result', () => {
  it('joins text blocks', () => {
    expect(mcpResultToToolResult({ content: [{ type: 'text', text: 'one' }, { type: 'text', text: 'two' }] }, 7)).toEqual({ status: 'ok', output: 'one\ntwo', durationMs: 7 });
  });

  it('turns an image into a note for the model and a data URL for the step card', () => {
    const result = mcpResultToToolResult({ content: [{ type: 'image', data: 'AAAA', mimeType: 'image/png' }] }, 1);
    expect(result.output).toBe('[image 1: image/png, 3 B; shown to the user, not to you]');
    expect(result.details).toEqual({ images: [{ mimeType: 'image/png', bytes: 3, dataUrl: 'data:image/png;base64,AAAA' }] });
  });

  it('keeps no data URL for a huge image', () => {
    const data = 'A'.repeat(Math.ceil((MAX_IMAGE_DATA_URL_BYTES * 4) / 3) + 8);
    const result = mcpResultToToolResult({ content: [{ type: 'image', data, mimeType: 'image/jpeg' }] }, 1);
    expect(result.details?.images).toEqual([{ mimeType: 'image/jpeg', bytes: expect.any(Number), dataUrl: null }]);
    expect(result.output).toMatch(/^\[image 1: image\/jpeg, 2\.0 MB/);
  });

  it('describes audio, resources, links and unknown blocks instead of dropping them', () => {
    const result = mcpResultToToolResult(
      {
        content: [
          { type: 'audio', data: 'AAAAAAAA', mimeType: 'audio/wav' },
          { type: 'resource', resource: { uri: 'file:///a.txt', text: 'hello' } },
          { type: 'resource', resource: { uri: 'file:///b.bin', mimeType: 'application/octet-stream', blob: 'AAAA' } },
          { type: 'resource_link', uri: 'file:///c', name: 'c', description: 'the c file' },
          { type: 'hologram' },
        ],
      },
      1,
    );
    expect(result.output.split('\n')).toEqual([
      '[audio: audio/wav, 6 B; not shown]',
      '[resource file:///a.txt]',
      'hello',
      '[resource file:///b.bin (application/octet-stream, 3 B); binary, not shown]',
      '[resource link c: file:///c] the c file',
      '[hologram content, not shown]',
    ]);
  });

  it('falls back to structuredContent, then to the old toolResult', () => {
    expect(mcpResultToToolResult({ content: [], structuredContent: { n: 1 } }, 1).output).toBe('{\n  "n": 1\n}');
    expect(mcpResultToToolResult({ toolResult: 'legacy' }, 1).output).toBe('legacy');
  });

  it('makes isError a failed step whose message is the first line', () => {
    const result = mcpResultToToolResult({ content: [{ type: 'text', text: 'no such file\nat line 2' }], isError: true }, 3);
    expect(result).toMatchObject({ status: 'error', output: 'no such file\nat line 2', error: { code: 'tool_failed', message: 'no such file', details: { reportedByTool: true } } });
    expect(mcpResultToToolResult({ content: [], isError: true }, 1).error?.message).toBe('the tool reported an error without a message');
  });

  it('caps long output, keeping head and tail', () => {
    const result = mcpResultToToolResult({ content: [{ type: 'text', text: `${'a'.repeat(100)}${'b'.repeat(100)}` }] }, 1, 50);
    expect(result.output.startsWith('a'.repeat(25))).toBe(true);
    expect(result.output.endsWith('b'.repeat(25))).toBe(true);
    expect(result.details).toEqual({ truncated: true, totalChars: 200 });
  });
});
