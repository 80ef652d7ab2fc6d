import { describe, expect, it } from 'vitest';
import { contentFileName, dataUrlBytes, dataUrlText, isTextType, serverOfTool } from './step-content-files';

describe('step content files', () => {
  it('decodes a data URL to its bytes and to UTF-8 text', () => {
    expect([...dataUrlBytes('data:image/png;base64,iVBORw==')]).toEqual([0x89, 0x50, 0x4e, 0x47]);
    expect(
      dataUrlText(`data:text/plain;base64,${btoa(String.fromCharCode(...new TextEncoder().encode('Grüße')))}`),
    ).toBe('Grüße');
  });

  it('names a saved file after the resource, or after its kind and type', () => {
    expect(contentFileName({ kind: 'image', mimeType: 'image/png', bytes: 1, dataUrl: null }, 0)).toBe('image-1.png');
    expect(contentFileName({ kind: 'audio', mimeType: 'audio/x-flac', bytes: 1, dataUrl: null }, 2)).toBe(
      'audio-3.xflac',
    );
    expect(
      contentFileName(
        { kind: 'resource', uri: 'file:///tmp/report%201.pdf', mimeType: 'application/pdf', bytes: 1 },
        0,
      ),
    ).toBe('report 1.pdf');
    expect(
      contentFileName({ kind: 'resource', uri: 'demo://resource/dynamic/blob/4', mimeType: 'text/plain', bytes: 1 }, 0),
    ).toBe('4.txt');
    expect(
      contentFileName({ kind: 'resource', uri: 'demo://x/..%2F..%2Fetc%2Fpasswd', mimeType: null, bytes: 1 }, 0),
    ).toBe('_.._etc_passwd.bin');
  });

  it('knows the server of a tool, and text types', () => {
    expect(serverOfTool('ev@get-tiny-image')).toBe('ev');
    expect(serverOfTool('read_file')).toBeNull();
    expect([
      isTextType('text/plain; charset=utf-8'),
      isTextType('application/ld+json'),
      isTextType('image/png'),
      isTextType(null),
    ]).toEqual([true, true, false, false]);
  });
});
