import { describe, expect, it } from 'vitest';
import { binaryNotFoundText } from '@shared/error-causes';
import { cliErrorText, cliLanguage } from './cli-error-text';

describe("eva's error words", () => {
  it('follows the settings language, else LANG (zh* is Chinese)', () => {
    expect(cliLanguage(undefined, { LANG: 'zh_CN.UTF-8' })).toBe('zh');
    expect(cliLanguage(undefined, { LANG: 'en_US.UTF-8', LC_ALL: 'zh-TW' })).toBe('zh');
    expect(cliLanguage(undefined, { LANG: 'de_DE.UTF-8' })).toBe('en');
    expect(cliLanguage(undefined, {})).toBe('en');
    expect(cliLanguage('en', { LANG: 'zh_CN.UTF-8' })).toBe('en');
    expect(cliLanguage('auto', { LANG: 'zh_CN.UTF-8' })).toBe('zh');
  });

  it('words a refused connection and a missing program with the next step, the core sentence after it', () => {
    const refused = {
      code: 'network',
      message: 'could not reach http://127.0.0.1:9/v1: connect ECONNREFUSED 127.0.0.1:9',
    };
    expect(cliErrorText(refused, 'zh')).toBe(
      `连接被拒绝：该地址上没有服务在监听。请启动服务器（或 EVA 应用），或检查地址和端口。（${refused.message}）`,
    );
    expect(cliErrorText(refused, 'en')).toMatch(/^The connection was refused: .* Start the server/);
    expect(cliErrorText({ code: 'internal', message: binaryNotFoundText('uvx') }, 'en')).toMatch(
      /^The program "uvx" was not found\. Install it/,
    );
    expect(cliErrorText({ code: 'no_model_loaded', message: 'no model' }, 'zh')).toContain('eva setup');
  });

  it("keeps the core's sentence for a failure it has no words for", () => {
    expect(cliErrorText({ code: 'internal', message: 'something odd' }, 'zh')).toBe('something odd');
  });
});
