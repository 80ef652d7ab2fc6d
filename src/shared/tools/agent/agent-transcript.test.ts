import { describe, expect, it } from 'vitest';
import { renderTranscript, type TranscriptTurn } from './agent-transcript';

const turns: TranscriptTurn[] = [
  { kind: 'message', message: { role: 'user', content: 'What is 2+3?' } },
  {
    kind: 'native_calls',
    content: '',
    calls: [{ id: 'call_1', wireName: 'git__status', name: 'git@status', argumentsText: '{"short":true}' }],
  },
  {
    kind: 'result',
    callId: 'call_1',
    wireName: 'git__status',
    response: { name: 'git@status', status: 'ok', output: 'clean' },
  },
  {
    kind: 'native_calls',
    content: 'Let me compute.',
    calls: [{ id: 'call_2', wireName: 'calculator', name: 'calculator', argumentsText: '{"expression": "2+' }],
  },
  {
    kind: 'result',
    callId: 'call_2',
    wireName: 'calculator',
    response: { name: 'calculator', status: 'error', output: '', error: { code: 'invalid_json', message: 'bad JSON' } },
  },
];

describe('renderTranscript', () => {
  it('native: assistant tool_calls under their wire names, results as tool messages with the call id', () => {
    expect(renderTranscript(turns, 'native')).toEqual([
      { role: 'user', content: 'What is 2+3?' },
      {
        role: 'assistant',
        content: '',
        toolCalls: [{ id: 'call_1', type: 'function', function: { name: 'git__status', arguments: '{"short":true}' } }],
      },
      { role: 'tool', toolCallId: 'call_1', name: 'git__status', content: 'clean' },
      // Broken arguments are not sent back (servers re-parse them); the model got the error as the result.
      {
        role: 'assistant',
        content: 'Let me compute.',
        toolCalls: [{ id: 'call_2', type: 'function', function: { name: 'calculator', arguments: '{}' } }],
      },
      { role: 'tool', toolCallId: 'call_2', name: 'calculator', content: 'error (invalid_json): bad JSON' },
    ]);
  });

  it('prompt: the same run as <tool_call> blocks and <tool_response> user turns under our tool names', () => {
    expect(renderTranscript(turns, 'prompt')).toEqual([
      { role: 'user', content: 'What is 2+3?' },
      { role: 'assistant', content: '<tool_call>{"name":"git@status","arguments":{"short":true}}</tool_call>' },
      { role: 'user', content: '<tool_response name="git@status" status="ok">\nclean\n</tool_response>' },
      {
        role: 'assistant',
        content: 'Let me compute.\n<tool_call>{"name":"calculator","arguments":"{\\"expression\\": \\"2+"}</tool_call>',
      },
      {
        role: 'user',
        content: '<tool_response name="calculator" status="error">\nerror (invalid_json): bad JSON\n</tool_response>',
      },
    ]);
  });

  describe('images a tool returned', () => {
    const png = { mimeType: 'image/png', dataUrl: 'data:image/png;base64,AAAA' };
    const jpeg = { mimeType: 'image/jpeg', dataUrl: 'data:image/jpeg;base64,BBBB' };
    const nativeTurns: TranscriptTurn[] = [
      {
        kind: 'native_calls',
        content: '',
        calls: [
          { id: 'c1', wireName: 'ev__img', name: 'ev@img', argumentsText: '{}' },
          { id: 'c2', wireName: 'ev__img', name: 'ev@img', argumentsText: '{}' },
        ],
      },
      {
        kind: 'result',
        callId: 'c1',
        wireName: 'ev__img',
        response: { name: 'ev@img', status: 'ok', output: '[image 1: image/png, 3 B]', images: [png] },
      },
      {
        kind: 'result',
        callId: 'c2',
        wireName: 'ev__img',
        response: { name: 'ev@img', status: 'ok', output: '', images: [jpeg] },
      },
      { kind: 'message', message: { role: 'user', content: 'go on' } },
    ];

    it('native, to a model that can see: the tool messages say where, one user message after the last carries the parts', () => {
      expect(renderTranscript(nativeTurns, 'native', { images: true })).toEqual([
        { role: 'assistant', content: '', toolCalls: expect.any(Array) },
        {
          role: 'tool',
          toolCallId: 'c1',
          name: 'ev__img',
          content: '[image 1: image/png, 3 B]\n(The image is attached to the user message after the tool results.)',
        },
        {
          role: 'tool',
          toolCallId: 'c2',
          name: 'ev__img',
          content: '(The image is attached to the user message after the tool results.)',
        },
        {
          role: 'user',
          content: [
            { type: 'text', text: 'The 2 images returned by the tool calls above, in order:' },
            { type: 'image_url', image_url: { url: png.dataUrl } },
            { type: 'image_url', image_url: { url: jpeg.dataUrl } },
          ],
        },
        { role: 'user', content: 'go on' },
      ]);
    });

    it('prompt, to a model that can see: the <tool_response> turn carries them', () => {
      const [, result] = renderTranscript([nativeTurns[0]!, nativeTurns[1]!], 'prompt', { images: true });
      expect(result).toEqual({
        role: 'user',
        content: [
          {
            type: 'text',
            text: '<tool_response name="ev@img" status="ok">\n[image 1: image/png, 3 B]\n(The image is attached to this message.)\n</tool_response>',
          },
          { type: 'image_url', image_url: { url: png.dataUrl } },
        ],
      });
    });

    it('to a model that cannot see: text only, saying the user saw them', () => {
      const messages = renderTranscript(nativeTurns, 'native');
      expect(messages).toHaveLength(4);
      expect(messages[1]?.content).toBe(
        '[image 1: image/png, 3 B]\n(The image was shown to the user in the step card; this model cannot be shown images, so do not describe it.)',
      );
      expect(JSON.stringify(messages)).not.toContain('image_url');
    });
  });

  it('a prompt-protocol result has no call id and stays a user turn in either shape', () => {
    const result: TranscriptTurn = { kind: 'result', response: { name: 'calculator', status: 'ok', output: '5' } };
    expect(renderTranscript([result], 'native')).toEqual(renderTranscript([result], 'prompt'));
  });
});
