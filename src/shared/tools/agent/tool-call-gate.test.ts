import { describe, expect, it } from 'vitest';
import { builtinToolDescriptors } from '../builtin-tools';
import { gateToolCall, type GateInput } from './tool-call-gate';
import { createArgumentValidator } from '../validate-arguments';
import type { ToolCall } from '../tool-types';
import { stablediffusionToolDescriptor } from '../../images/stablediffusion-tool';

const tools = builtinToolDescriptors();
const validator = createArgumentValidator();
const gate = (call: ToolCall, extra: Partial<GateInput> = {}) =>
  gateToolCall({ call, tools, validator, policy: { policies: {} }, conversationAllowed: [], ...extra });

describe('gateToolCall', () => {
  it('rejects unknown tools and lists the real ones', () => {
    const verdict = gate({ name: 'delete_everything', arguments: {} });
    expect(verdict.kind).toBe('reject');
    if (verdict.kind !== 'reject') return;
    expect(verdict.error.code).toBe('unknown_tool');
    expect(verdict.error.message).toContain('read_file');
  });

  it('rejects invalid arguments with the precise message, nothing runs', () => {
    const verdict = gate({ name: 'read_file', arguments: { path: 1 } });
    expect(verdict).toMatchObject({
      kind: 'reject',
      error: { code: 'invalid_arguments', message: 'arguments.path: must be string' },
    });
  });

  it('ends the loop on answer and on its alias finish', () => {
    expect(gate({ name: 'answer', arguments: { content: 'done' } })).toMatchObject({ kind: 'final', text: 'done' });
    expect(gate({ name: 'finish', arguments: { content: 'bye' } })).toMatchObject({ kind: 'final', text: 'bye' });
  });

  it('refuses forbidden commands before consent, even when the shell is allowed', () => {
    const verdict = gate(
      { name: 'execute_command', arguments: { command: 'rm -rf /' } },
      { policy: { policies: { execute_command: 'allow' } } },
    );
    expect(verdict).toMatchObject({
      kind: 'reject',
      error: { code: 'forbidden_command', details: { rule: 'recursive-delete' } },
    });
  });

  it('asks for the shell by default and runs it once allowed for the conversation', () => {
    const call = { name: 'execute_command', arguments: { command: 'ls' } };
    expect(gate(call).kind).toBe('ask');
    expect(gate(call, { conversationAllowed: ['execute_command'] }).kind).toBe('run');
  });

  it('runs reads, denies by policy with a message for the model', () => {
    expect(gate({ name: 'read_file', arguments: { path: 'a' } }).kind).toBe('run');
    const denied = gate(
      { name: 'read_file', arguments: { path: 'a' } },
      { policy: { policies: { read_file: 'deny' } } },
    );
    expect(denied.kind).toBe('deny');
    if (denied.kind === 'deny') expect(denied.message).toContain('read_file');
  });

  it('never skips the card for the controller', () => {
    const call = { name: 'controller', arguments: { actions: [{ action: 'left_up' }] } };
    expect(
      gate(call, { policy: { policies: { controller: 'allow' } }, conversationAllowed: ['controller'] }).kind,
    ).toBe('ask');
  });

  it('asks before a picture by default, whatever the policy says, and runs one the user allowed ahead by its cost', () => {
    const withImages = [...tools, stablediffusionToolDescriptor()];
    const call = { name: 'stablediffusion', arguments: { prompt: 'a cat', width: 2048, height: 2048, steps: 150 } };
    expect(gate(call, { tools: withImages }).kind).toBe('ask');
    expect(
      gate(call, {
        tools: withImages,
        policy: { policies: { stablediffusion: 'allow' } },
        conversationAllowed: ['stablediffusion'],
      }).kind,
    ).toBe('ask');
    expect(gate(call, { tools: withImages, allowedAhead: () => true }).kind).toBe('run');
    // Deny stays deny, under any budget.
    expect(
      gate(call, { tools: withImages, policy: { policies: { stablediffusion: 'deny' } }, allowedAhead: () => true })
        .kind,
    ).toBe('deny');
  });
});
