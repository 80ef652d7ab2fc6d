// MCP content as a message can carry it: decoded, typed, and capped with the numbers.
import { describe, expect, it } from 'vitest';
import { MAX_MCP_MEDIA_BYTES, MAX_MCP_TEXT_CHARS } from '@shared/mcp/mcp-content';
import { base64Bytes, promptContentPart, resourcePart } from './mcp-content';

const b64 = (text: string) => Buffer.from(text).toString('base64');

describe('prompt content', () => {
  it('keeps text, and turns images and audio the composer takes into data URLs', () => {
    expect(promptContentPart({ type: 'text', text: 'hi' })).toEqual({ kind: 'text', text: 'hi' });
    expect(promptContentPart({ type: 'image', data: 'iVBORw0K', mimeType: 'image/png' })).toEqual({
      kind: 'image',
      uri: null,
      mimeType: 'image/png',
      dataUrl: 'data:image/png;base64,iVBORw0K',
      bytes: 6,
    });
    expect(promptContentPart({ type: 'audio', data: b64('RIFF'), mimeType: 'audio/wav' })).toMatchObject({
      kind: 'audio',
      format: 'wav',
      bytes: 4,
    });
  });

  it('names a resource link and leaves out what it cannot show', () => {
    expect(
      promptContentPart({ type: 'resource_link', uri: 'file:///a.txt', name: 'a.txt', mimeType: 'text/plain' }),
    ).toEqual({ kind: 'link', uri: 'file:///a.txt', name: 'a.txt', mimeType: 'text/plain' });
    expect(promptContentPart({ type: 'image', data: b64('<svg/>'), mimeType: 'image/tiff' })).toMatchObject({
      kind: 'skipped',
      reason: 'binary',
      mimeType: 'image/tiff',
    });
  });

  it('caps text in characters', () => {
    const long = 'x'.repeat(MAX_MCP_TEXT_CHARS + 1);
    expect(promptContentPart({ type: 'text', text: long })).toEqual({
      kind: 'skipped',
      reason: 'too_large',
      uri: null,
      mimeType: 'text/plain',
      size: MAX_MCP_TEXT_CHARS + 1,
      unit: 'chars',
      limit: MAX_MCP_TEXT_CHARS,
    });
  });
});

describe('resource contents', () => {
  it('decodes text sent as base64 and keeps text sent as text', () => {
    expect(resourcePart({ uri: 'demo://a', mimeType: 'application/json', blob: b64('{"a":1}') })).toEqual({
      kind: 'resource-text',
      uri: 'demo://a',
      mimeType: 'application/json',
      text: '{"a":1}',
    });
    expect(resourcePart({ uri: 'demo://b', text: 'plain' })).toEqual({
      kind: 'resource-text',
      uri: 'demo://b',
      mimeType: 'text/plain',
      text: 'plain',
    });
  });

  it('leaves out binary data and says how large it was', () => {
    expect(resourcePart({ uri: 'demo://c', mimeType: 'application/octet-stream', blob: b64('12345') })).toEqual({
      kind: 'skipped',
      reason: 'binary',
      uri: 'demo://c',
      mimeType: 'application/octet-stream',
      size: 5,
      unit: 'bytes',
      limit: null,
    });
    expect(resourcePart({ uri: 'demo://d', blob: b64('no type') })).toMatchObject({
      kind: 'skipped',
      reason: 'binary',
      mimeType: null,
    });
  });

  it('refuses a base64 text over the cap before decoding it, and an image over the media cap', () => {
    const bigText = resourcePart({
      uri: 'demo://e',
      mimeType: 'text/plain',
      blob: 'A'.repeat(Math.ceil((MAX_MCP_TEXT_CHARS + 3) / 3) * 4),
    });
    expect(bigText).toMatchObject({ kind: 'skipped', reason: 'too_large', unit: 'bytes', limit: MAX_MCP_TEXT_CHARS });
    const bigImage = resourcePart({
      uri: 'demo://f',
      mimeType: 'image/png',
      blob: 'A'.repeat(Math.ceil((MAX_MCP_MEDIA_BYTES + 3) / 3) * 4),
    });
    expect(bigImage).toMatchObject({ kind: 'skipped', reason: 'too_large', unit: 'bytes', limit: MAX_MCP_MEDIA_BYTES });
  });

  it('counts base64 bytes with and without padding', () => {
    expect(base64Bytes(b64('a'))).toBe(1);
    expect(base64Bytes(b64('ab'))).toBe(2);
    expect(base64Bytes(b64('abc'))).toBe(3);
    expect(base64Bytes('')).toBe(0);
  });
});
