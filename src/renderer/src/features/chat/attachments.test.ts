import { describe, expect, it } from 'vitest';
import {
  attachVerdict,
  classifyFile,
  dataUrlPayload,
  MAX_ATTACHMENT_BYTES,
  mediaOf,
  toContent,
  type Attachment,
} from './attachments';

const image: Attachment = {
  id: '1',
  kind: 'image',
  name: 'cat.png',
  dataUrl: 'data:image/png;base64,iVBOR',
  format: '',
  size: 5,
};
const audio: Attachment = {
  id: '2',
  kind: 'audio',
  name: 'hello.mp3',
  dataUrl: 'data:audio/mpeg;base64,SUQz',
  format: 'mp3',
  size: 4,
};

describe('classifyFile', () => {
  it('knows images by type, and by extension when the type is missing', () => {
    expect(classifyFile('a.png', 'image/png')).toEqual({ kind: 'image', format: '' });
    expect(classifyFile('a.JPG', '')).toEqual({ kind: 'image', format: '' });
    expect(classifyFile('a.svg', 'image/svg+xml')).toBeNull();
  });

  it('knows wav, mp3, ogg and flac', () => {
    expect(classifyFile('a.wav', 'audio/wav')?.format).toBe('wav');
    expect(classifyFile('a.wav', 'audio/x-wav')?.format).toBe('wav');
    expect(classifyFile('a.mp3', 'audio/mpeg')?.format).toBe('mp3');
    expect(classifyFile('a.oga', '')?.format).toBe('ogg');
    expect(classifyFile('a.flac', 'audio/flac')?.format).toBe('flac');
    expect(classifyFile('a.txt', 'text/plain')).toBeNull();
  });
});

describe('attachVerdict', () => {
  const png = { name: 'a.png', type: 'image/png', size: 10 };
  const wav = { name: 'a.wav', type: 'audio/wav', size: 10 };

  it('follows what the local server says it takes', () => {
    expect(attachVerdict(png, { vision: false, audio: false })).toBe('no_vision');
    expect(attachVerdict(wav, { vision: true, audio: false })).toBe('no_audio');
    expect(attachVerdict(png, { vision: true, audio: false })).toBe('ok');
  });

  it('lets the server decide when nothing is known (link mode)', () => {
    expect(attachVerdict(png, null)).toBe('ok');
    expect(attachVerdict(wav, null)).toBe('ok');
  });

  it('refuses unknown and oversized files', () => {
    expect(attachVerdict({ name: 'a.pdf', type: 'application/pdf', size: 1 }, null)).toBe('unsupported');
    expect(attachVerdict({ ...png, size: MAX_ATTACHMENT_BYTES + 1 }, null)).toBe('too_large');
  });
});

describe('toContent', () => {
  it('stays a plain string without attachments', () => {
    expect(toContent('hi', [])).toBe('hi');
  });

  it('makes image_url and input_audio parts after the text', () => {
    expect(toContent('what is this?', [image, audio])).toEqual([
      { type: 'text', text: 'what is this?' },
      { type: 'image_url', image_url: { url: 'data:image/png;base64,iVBOR' } },
      { type: 'input_audio', input_audio: { data: 'SUQz', format: 'mp3' } },
    ]);
  });

  it('leaves out an empty text part', () => {
    expect(toContent('  ', [image])).toEqual([{ type: 'image_url', image_url: { url: image.dataUrl } }]);
  });

  it('reads media back for the list', () => {
    expect(mediaOf(toContent('x', [image, audio]) as never)).toEqual([
      { kind: 'image', src: image.dataUrl, format: '' },
      { kind: 'audio', src: '', format: 'mp3' },
    ]);
    expect(dataUrlPayload('data:a/b;base64,XYZ')).toBe('XYZ');
  });
});
