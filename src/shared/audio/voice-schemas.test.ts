import { describe, expect, it } from 'vitest';
import {
  MAX_RECORDING_PCM_BYTES,
  MAX_WAV_BYTES,
  VoiceAppendAudioSchema,
  VoiceSettingsSchema,
  VoiceTranscribeRecordingSchema,
  VoiceTranscribeSchema,
} from './voice-schemas';

describe('VoiceTranscribeSchema', () => {
  it('accepts base64 audio with an optional language and request id', () => {
    expect(VoiceTranscribeSchema.parse({ wavBase64: 'UklGRg==', language: 'zh', requestId: 'r1' })).toEqual({
      wavBase64: 'UklGRg==',
      language: 'zh',
      requestId: 'r1',
    });
  });

  it('rejects what is not standard base64, unknown languages and extra fields', () => {
    expect(VoiceTranscribeSchema.safeParse({ wavBase64: 'not base64!' }).success).toBe(false);
    expect(VoiceTranscribeSchema.safeParse({ wavBase64: '' }).success).toBe(false);
    expect(VoiceTranscribeSchema.safeParse({ wavBase64: 'AAAA', language: 'klingon' }).success).toBe(false);
    expect(VoiceTranscribeSchema.safeParse({ wavBase64: 'AAAA', extra: 1 }).success).toBe(false);
  });

  it('caps the recording size, with a message that says so', () => {
    const result = VoiceTranscribeSchema.safeParse({ wavBase64: 'A'.repeat(4 * Math.ceil(MAX_WAV_BYTES / 3) + 4) });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toMatch(/too long/);
  });
});

describe('a recording sent while it is made', () => {
  it('takes pieces of base64 PCM at a byte offset, and the total to transcribe', () => {
    expect(VoiceAppendAudioSchema.parse({ recordingId: 'm1', offset: 4096, pcmBase64: 'AAAA' })).toEqual({
      recordingId: 'm1',
      offset: 4096,
      pcmBase64: 'AAAA',
    });
    expect(
      VoiceTranscribeRecordingSchema.parse({ recordingId: 'm1', bytes: 8192, language: 'en', requestId: 'r1' }),
    ).toMatchObject({ bytes: 8192 });
  });

  it('refuses negative or fractional offsets, more than a WAV can hold, bad base64 and extra fields', () => {
    const piece = { recordingId: 'm1', offset: 0, pcmBase64: 'AAAA' };
    expect(VoiceAppendAudioSchema.safeParse({ ...piece, offset: -2 }).success).toBe(false);
    expect(VoiceAppendAudioSchema.safeParse({ ...piece, offset: 1.5 }).success).toBe(false);
    expect(VoiceAppendAudioSchema.safeParse({ ...piece, offset: MAX_RECORDING_PCM_BYTES + 2 }).success).toBe(false);
    expect(VoiceAppendAudioSchema.safeParse({ ...piece, pcmBase64: 'AA AA' }).success).toBe(false);
    expect(VoiceAppendAudioSchema.safeParse({ ...piece, extra: 1 }).success).toBe(false);
    expect(
      VoiceTranscribeRecordingSchema.safeParse({ recordingId: 'm1', bytes: MAX_RECORDING_PCM_BYTES + 2 }).success,
    ).toBe(false);
    expect(VoiceTranscribeRecordingSchema.safeParse({ recordingId: '', bytes: 2 }).success).toBe(false);
  });
});

describe('VoiceSettingsSchema', () => {
  it('takes auto and whisper language codes, and an empty model path as "not configured"', () => {
    expect(VoiceSettingsSchema.parse({ modelPath: '', language: 'auto' })).toEqual({ modelPath: '', language: 'auto' });
    expect(VoiceSettingsSchema.safeParse({ modelPath: '/m/ggml-base.bin', language: 'yue' }).success).toBe(true);
    expect(VoiceSettingsSchema.safeParse({ modelPath: '', language: 'xx' }).success).toBe(false);
  });
});
