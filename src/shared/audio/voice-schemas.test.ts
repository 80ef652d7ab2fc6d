import { describe, expect, it } from 'vitest';
import { MAX_WAV_BYTES, VoiceSettingsSchema, VoiceTranscribeSchema } from './voice-schemas';

describe('VoiceTranscribeSchema', () => {
  it('accepts base64 audio with an optional language and request id', () => {
    expect(VoiceTranscribeSchema.parse({ wavBase64: 'UklGRg==', language: 'zh', requestId: 'r1' })).toEqual({ wavBase64: 'UklGRg==', language: 'zh', requestId: 'r1' });
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

describe('VoiceSettingsSchema', () => {
  it('takes auto and whisper language codes, and an empty model path as "not configured"', () => {
    expect(VoiceSettingsSchema.parse({ modelPath: '', language: 'auto' })).toEqual({ modelPath: '', language: 'auto' });
    expect(VoiceSettingsSchema.safeParse({ modelPath: '/m/ggml-base.bin', language: 'yue' }).success).toBe(true);
    expect(VoiceSettingsSchema.safeParse({ modelPath: '', language: 'xx' }).success).toBe(false);
  });
});
