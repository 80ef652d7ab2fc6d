// @vitest-environment jsdom
// The Voice panel's read-aloud voice on the in-memory platform: the neural source, its files checked at once with
// voice:tts-check (a wrong file named in a sentence), the choices saved in settings.tts, and a Test that speaks
// the unsaved choice. jsdom has no media playback: the Test's audio element gets a stand-in play() that ends at once.
import { afterEach, describe, expect, it } from 'vitest';
import { act, fireEvent, screen } from '@testing-library/react';
import { cleanupApps, renderWithApp, settle } from '@renderer/test-support/render-app';
import { VoicePanel } from './VoicePanel';

afterEach(cleanupApps);

const open = (language?: 'en' | 'zh') =>
  renderWithApp(<VoicePanel />, {
    language,
    before: async ({ model }) => {
      model.voice.panelOpen.setState(true, true);
    },
  });
const type = async (testId: string, value: string) => {
  await act(async () => {
    fireEvent.change(screen.getByTestId(testId), { target: { value } });
  });
  await settle();
};
const click = async (testId: string) => {
  await act(async () => {
    fireEvent.click(screen.getByTestId(testId));
  });
  await settle();
};

describe('the neural voice in the Voice panel', () => {
  it('checks the chosen files at once and says in a sentence what is wrong with a wrong one', async () => {
    const { api, t } = await open();
    expect(screen.queryByTestId('tts-model-path')).toBeNull();
    expect(screen.getByTestId('read-aloud-availability')).toBeTruthy();
    await type('tts-source', 'neural');
    expect(screen.queryByTestId('read-aloud-availability')).toBeNull();

    await type('tts-model-path', '/models/notes.txt');
    const check = screen.getByTestId('tts-check');
    expect(check.dataset.status).toBe('problem');
    expect(check.textContent).toContain(t('error.reason.tts_not_tts_model'));
    expect(screen.getByTestId('tts-check-problem').textContent).toBe(
      '/models/notes.txt is not a GGUF file: the neural voice needs a Qwen3-TTS or Pocket TTS GGUF model.',
    );
    expect(api.calls.filter((call) => call.channel === 'voice:tts-check').at(-1)?.input).toEqual({
      modelPath: '/models/notes.txt',
    });

    await type('tts-model-path', '/voices/qwen3-tts.gguf');
    expect(screen.getByTestId('tts-check').dataset.status).toBe('ready');
    expect(screen.getByTestId('tts-check').textContent).toContain('mmproj-qwen3-tts.gguf');
  });

  it('says the sentence in Chinese when the page speaks Chinese', async () => {
    const { t } = await open('zh');
    await type('tts-source', 'neural');
    await type('tts-model-path', '/models/notes.txt');
    expect(screen.getByTestId('tts-check').textContent).toContain(t('error.reason.tts_not_tts_model'));
    expect(t('error.reason.tts_not_tts_model')).not.toBe(
      'This file is not a text-to-speech model llama-tts can run: choose a Qwen3-TTS or Pocket TTS GGUF model.',
    );
  });

  it('will not save the neural source without a model; with one, saves the choices in settings.tts', async () => {
    const { api, model, t } = await open();
    await type('tts-source', 'neural');
    await click('voice-save');
    expect(screen.getByTestId('voice-panel').textContent).toContain(t('readAloud.neural.modelRequired'));
    expect(api.state.settings.tts.source).toBe('system');

    await type('tts-model-path', '/voices/qwen3-tts.gguf');
    await type('tts-language', 'de');
    await type('tts-speed', '1.3');
    await click('tts-stream-on-cpu');
    await click('voice-save');
    // Saved, then voice:status and voice:tts-check asked before the panel closes.
    await settle();
    expect(api.state.settings.tts).toEqual({
      source: 'neural',
      modelPath: '/voices/qwen3-tts.gguf',
      mmprojPath: '',
      language: 'de',
      speakerPath: '',
      speed: 1.3,
      streamOnCpu: true,
    });
    expect(model.voice.panelOpen.getState()).toBe(false);
  });

  it('Test speaks a sample in the UI language with the unsaved choice', async () => {
    const restore = standInMediaPlayback();
    try {
      const { api, t } = await open();
      await type('tts-source', 'neural');
      await type('tts-model-path', '/voices/unsaved.gguf');
      await click('tts-test');
      await settle();
      const spoken = api.calls.filter((call) => call.channel === 'voice:tts-speak').map((call) => call.input);
      expect(spoken).toEqual([
        expect.objectContaining({ modelPath: '/voices/unsaved.gguf', text: t('readAloud.neural.testSentence') }),
      ]);
      const status = screen.getByTestId('tts-test-status');
      expect(status.dataset.outcome).toBe('played');
      expect(status.dataset.played).toBe('1');
      expect(api.state.settings.tts.modelPath).toBe('');
    } finally {
      restore();
    }
  });
});

/** jsdom plays no media: blob URLs are made up and an element's play() ends the sentence at once. */
function standInMediaPlayback(): () => void {
  const created = URL.createObjectURL;
  const revoked = URL.revokeObjectURL;
  const play = HTMLMediaElement.prototype.play;
  URL.createObjectURL = () => 'blob:stand-in';
  URL.revokeObjectURL = () => {};
  HTMLMediaElement.prototype.play = function (this: HTMLMediaElement) {
    setTimeout(() => this.dispatchEvent(new Event('ended')), 0);
    return Promise.resolve();
  };
  return () => {
    URL.createObjectURL = created;
    URL.revokeObjectURL = revoked;
    HTMLMediaElement.prototype.play = play;
  };
}
