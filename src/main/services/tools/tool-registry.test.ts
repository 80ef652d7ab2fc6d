import { describe, expect, it } from 'vitest';
import { mcpToolDescriptor } from '@shared/tools/mcp-tool-name';
import { ToolRegistry, type ToolProvider } from './tool-registry';

const provider = (names: string[], tag: string): ToolProvider => ({
  descriptors: () =>
    names.map((name) => ({
      ...mcpToolDescriptor(name.split('@')[0] ?? 'x', { name: name.split('@')[1] ?? name }),
      name,
    })),
  run: async (call) => ({ status: 'ok', output: `${tag}:${call.name}`, durationMs: 1 }),
});

describe('ToolRegistry', () => {
  it('merges providers and routes a call to the one that offers the tool', async () => {
    const registry = new ToolRegistry();
    registry.setProvider('builtin', provider(['read_file'], 'builtin'));
    registry.setProvider('mcp:git', provider(['git@status', 'git@log'], 'git'));
    expect(registry.descriptors().map((d) => d.name)).toEqual(['read_file', 'git@status', 'git@log']);
    expect(await registry.run({ name: 'git@log', args: {}, workspaceDir: '/w' })).toMatchObject({
      output: 'git:git@log',
    });
    registry.removeProvider('mcp:git');
    expect(await registry.run({ name: 'git@log', args: {}, workspaceDir: '/w' })).toMatchObject({
      status: 'error',
      error: { code: 'unknown_tool' },
    });
  });

  it('keeps the first provider for a duplicated name', () => {
    const registry = new ToolRegistry();
    registry.setProvider('a', provider(['x@t'], 'a'));
    registry.setProvider('b', provider(['x@t'], 'b'));
    expect(registry.descriptors()).toHaveLength(1);
  });

  it('lists the tools in the same order whatever order the providers arrived in (the system prompt stays the same)', () => {
    const arrived = (ids: string[]) => {
      const registry = new ToolRegistry();
      for (const id of ids)
        registry.setProvider(
          id,
          provider(id === 'builtin' ? ['read_file'] : [`${id.slice(4)}@a`, `${id.slice(4)}@b`], id),
        );
      return registry.descriptors().map((d) => d.name);
    };
    const order = arrived(['builtin', 'mcp:git', 'mcp:fetch']);
    expect(order).toEqual(['read_file', 'fetch@a', 'fetch@b', 'git@a', 'git@b']);
    expect(arrived(['mcp:git', 'mcp:fetch', 'builtin'])).toEqual(order);
    // A server that reconnects (removed, added again) keeps its place.
    const registry = new ToolRegistry();
    for (const id of ['builtin', 'mcp:fetch', 'mcp:git'])
      registry.setProvider(
        id,
        provider(id === 'builtin' ? ['read_file'] : [`${id.slice(4)}@a`, `${id.slice(4)}@b`], id),
      );
    registry.removeProvider('mcp:fetch');
    registry.setProvider('mcp:fetch', provider(['fetch@a', 'fetch@b'], 'fetch'));
    expect(registry.descriptors().map((d) => d.name)).toEqual(order);
  });

  it('asks the provider of a call whether it was allowed ahead and how to describe it; providers that do not say allow nothing', () => {
    const registry = new ToolRegistry();
    registry.setProvider('builtin', provider(['read_file'], 'builtin'));
    registry.setProvider('images', {
      ...provider(['x@draw'], 'images'),
      allowedAhead: (call) => call.args.small === true,
      describeCall: (call) => `draw ${String(call.args.small)}`,
    });
    expect(registry.allowedAhead({ name: 'x@draw', args: { small: true } })).toBe(true);
    expect(registry.allowedAhead({ name: 'x@draw', args: { small: false } })).toBe(false);
    expect(registry.describeCall({ name: 'x@draw', args: { small: false } })).toBe('draw false');
    expect([
      registry.allowedAhead({ name: 'read_file', args: {} }),
      registry.describeCall({ name: 'read_file', args: {} }),
    ]).toEqual([false, null]);
    expect(registry.allowedAhead({ name: 'nobody', args: {} })).toBe(false);
  });
});
