// Link mode: OpenAI-compatible endpoints a user can pick from. Anthropic and
// Gemini are reached through their own OpenAI-compatible endpoints.

/** One preset of the link-mode dialog. */
export interface LinkPreset {
  id: string;
  name: string;
  baseUrl: string;
  /** a sensible first model; the user can pick another from "Test connection" */
  model: string;
  needsKey: boolean;
  /** whether the endpoint takes OpenAI `tools` natively */
  nativeTools: boolean;
}

export const LINK_PRESETS: readonly LinkPreset[] = [
  {
    id: 'openai',
    name: 'OpenAI',
    baseUrl: 'https://api.openai.com/v1',
    model: 'gpt-4o-mini',
    needsKey: true,
    nativeTools: true,
  },
  {
    id: 'deepseek',
    name: 'DeepSeek',
    baseUrl: 'https://api.deepseek.com/v1',
    model: 'deepseek-chat',
    needsKey: true,
    nativeTools: true,
  },
  {
    id: 'dashscope',
    name: 'Qwen (DashScope)',
    baseUrl: 'https://dashscope.aliyuncs.com/compatible-mode/v1',
    model: 'qwen-plus',
    needsKey: true,
    nativeTools: true,
  },
  {
    id: 'ark',
    name: 'Doubao (Volcengine Ark)',
    baseUrl: 'https://ark.cn-beijing.volces.com/api/v3',
    model: '',
    needsKey: true,
    nativeTools: true,
  },
  {
    id: 'gemini',
    name: 'Gemini (OpenAI-compatible)',
    baseUrl: 'https://generativelanguage.googleapis.com/v1beta/openai',
    model: 'gemini-2.0-flash',
    needsKey: true,
    nativeTools: true,
  },
  {
    id: 'anthropic',
    name: 'Anthropic (OpenAI-compatible)',
    baseUrl: 'https://api.anthropic.com/v1',
    model: 'claude-sonnet-4-0',
    needsKey: true,
    nativeTools: true,
  },
  {
    id: 'openrouter',
    name: 'OpenRouter',
    baseUrl: 'https://openrouter.ai/api/v1',
    model: '',
    needsKey: true,
    nativeTools: true,
  },
  { id: 'ollama', name: 'Ollama', baseUrl: 'http://127.0.0.1:11434/v1', model: '', needsKey: false, nativeTools: true },
  {
    id: 'lmstudio',
    name: 'LM Studio',
    baseUrl: 'http://127.0.0.1:1234/v1',
    model: '',
    needsKey: false,
    nativeTools: true,
  },
  {
    id: 'llama-server',
    name: 'Remote llama-server',
    baseUrl: 'http://127.0.0.1:8080/v1',
    model: '',
    needsKey: false,
    nativeTools: false,
  },
];
