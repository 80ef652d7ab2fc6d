import { describe, expect, it } from 'vitest';
import type { VoiceStatus } from '@shared/audio/voice-schemas';
import { voiceStatusLine } from './voice-status-text';

const status = (patch: Partial<VoiceStatus>): VoiceStatus => ({
  binaryPath: '/app/bin/cpu/whisper-cli',
  modelPath: '/m/ggml-base.bin',
  model: 'ok',
  language: 'auto',
  problem: null,
  ...patch,
});

describe('voiceStatusLine', () => {
  it('says what is missing, in the order the user has to fix it', () => {
    expect(
      voiceStatusLine(status({ binaryPath: null, model: 'not_configured', problem: 'whisper-cli is not built' })),
    ).toEqual({ ready: false, key: 'voice.binaryMissing' });
    expect(voiceStatusLine(status({ model: 'not_configured', modelPath: '', problem: 'No whisper model' }))).toEqual({
      ready: false,
      key: 'voice.modelNotConfigured',
    });
    // Inside the voice panel the line points below, not back to the panel.
    expect(
      voiceStatusLine(status({ model: 'not_configured', modelPath: '', problem: 'No whisper model' }), {
        inPanel: true,
      }),
    ).toEqual({ ready: false, key: 'voice.modelNotConfiguredHere' });
    expect(voiceStatusLine(status({ model: 'invalid', problem: '/m/x.bin is not a whisper model.' }))).toEqual({
      ready: false,
      key: 'voice.notReady',
      vars: { problem: '/m/x.bin is not a whisper model.' },
    });
  });

  it('names the binary and the model when ready, and nothing while unknown', () => {
    expect(voiceStatusLine(status({}))).toEqual({
      ready: true,
      key: 'voice.statusReady',
      vars: { binary: 'whisper-cli', model: 'ggml-base.bin' },
    });
    expect(voiceStatusLine(null)).toBeNull();
  });
});
