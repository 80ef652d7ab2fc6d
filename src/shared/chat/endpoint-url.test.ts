import { describe, expect, it } from 'vitest';
import { endpointUrls } from './endpoint-url';

describe('endpointUrls', () => {
  it('adds /v1 to a bare llama-server origin', () => {
    expect(endpointUrls('http://127.0.0.1:8080')).toEqual({
      chat: 'http://127.0.0.1:8080/v1/chat/completions',
      completions: 'http://127.0.0.1:8080/v1/completions',
      llamaCompletion: 'http://127.0.0.1:8080/completion',
    });
    expect(endpointUrls('http://127.0.0.1:8080/').chat).toBe('http://127.0.0.1:8080/v1/chat/completions');
  });

  it('keeps a preset base with its version path', () => {
    expect(endpointUrls('http://127.0.0.1:8080/v1/').llamaCompletion).toBe('http://127.0.0.1:8080/completion');
    expect(endpointUrls('https://api.openai.com/v1').chat).toBe('https://api.openai.com/v1/chat/completions');
    expect(endpointUrls('https://generativelanguage.googleapis.com/v1beta/openai').chat).toBe(
      'https://generativelanguage.googleapis.com/v1beta/openai/chat/completions',
    );
    expect(endpointUrls('https://ark.cn-beijing.volces.com/api/v3').completions).toBe(
      'https://ark.cn-beijing.volces.com/api/v3/completions',
    );
  });
});
