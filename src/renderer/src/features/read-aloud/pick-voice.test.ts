import { describe, expect, it } from 'vitest';
import { pickVoice, scriptLanguage, type VoiceInfo } from './pick-voice';

const voice = (name: string, lang: string, extra: Partial<VoiceInfo> = {}): VoiceInfo => ({
  name,
  lang,
  default: false,
  localService: true,
  ...extra,
});

describe('scriptLanguage', () => {
  it('tells Chinese, Japanese and Korean from the characters', () => {
    expect(scriptLanguage('今天天气很好。')).toBe('zh');
    expect(scriptLanguage('これはペンです。')).toBe('ja');
    expect(scriptLanguage('안녕하세요')).toBe('ko');
    expect(scriptLanguage('Hello, world.')).toBeNull();
  });
});

describe('pickVoice', () => {
  const voices = [
    voice('Google US English', 'en-US', { localService: false }),
    voice('Ting-Ting', 'zh-CN'),
    voice('Daniel', 'en-GB', { default: true }),
    voice('Kyoko', 'ja_JP'),
  ];

  it('reads Chinese with a Chinese voice and Japanese with a Japanese one', () => {
    expect(pickVoice(voices, '你好。')?.name).toBe('Ting-Ting');
    expect(pickVoice(voices, 'こんにちは。')?.name).toBe('Kyoko');
  });

  it('reads other text with the default voice, unless that one is Chinese', () => {
    expect(pickVoice(voices, 'Hello.')?.name).toBe('Daniel');
    const chineseDefault = [
      voice('Ting-Ting', 'zh-CN', { default: true }),
      voice('Google US English', 'en-US', { localService: false }),
      voice('Samantha', 'en-US'),
    ];
    expect(pickVoice(chineseDefault, 'Hello.')?.name).toBe('Samantha');
  });

  it('leaves the choice to the browser when no voice fits', () => {
    expect(pickVoice([voice('Daniel', 'en-GB')], '你好。')).toBeNull();
    expect(pickVoice([], 'Hello.')).toBeNull();
  });
});
