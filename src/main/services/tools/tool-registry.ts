// One place the agent loop asks "which tools exist" and "run this one".
// Providers plug in: the built-ins (backed by the ToolRunner) and, later, one
// provider per MCP server whose tools are named `service@tool`. Names are
// unique across providers; a provider that is gone makes its tools vanish.
import { builtinToolDescriptors } from '@shared/tools/builtin-tools';
import { toolError, type ToolDescriptor, type ToolRunResult } from '@shared/tools/tool-types';
import type { ToolRunner } from './tool-runner';

/** A call routed to a provider, already validated and consented. */
export interface ProviderCall {
  name: string;
  args: Record<string, unknown>;
  workspaceDir: string;
  signal?: AbortSignal;
}

/** Something that offers tools: the built-ins, or one MCP server. */
export interface ToolProvider {
  descriptors(): readonly ToolDescriptor[];
  run(call: ProviderCall): Promise<ToolRunResult>;
}

export class ToolRegistry {
  private readonly providers = new Map<string, ToolProvider>();

  /** Add or replace a provider ('builtin', 'mcp:git', …). */
  setProvider(id: string, provider: ToolProvider): void {
    this.providers.set(id, provider);
  }

  removeProvider(id: string): void {
    this.providers.delete(id);
  }

  /**
   * The providers in the order of their ids, not of their arrival: MCP servers connect in whatever order they
   * answer, and the tools are listed in the system prompt ahead of the conversation, where another order would
   * have llama-server read the conversation again (also after a restart, from a saved slot).
   */
  private ordered(): ToolProvider[] {
    return [...this.providers.keys()].sort().map((id) => this.providers.get(id)!);
  }

  /** Every tool on offer; the first provider (by id) to claim a name wins. */
  descriptors(): ToolDescriptor[] {
    const seen = new Set<string>();
    const out: ToolDescriptor[] = [];
    for (const provider of this.ordered()) {
      for (const tool of provider.descriptors()) {
        if (seen.has(tool.name)) continue;
        seen.add(tool.name);
        out.push(tool);
      }
    }
    return out;
  }

  async run(call: ProviderCall): Promise<ToolRunResult> {
    for (const provider of this.ordered()) {
      if (provider.descriptors().some((tool) => tool.name === call.name)) return provider.run(call);
    }
    return { status: 'error', output: '', error: toolError('unknown_tool', `no provider offers the tool "${call.name}"`), durationMs: 0 };
  }
}

/** The built-in tools as a provider; `answer` is handled by the loop and never reaches here. */
export function builtinToolProvider(runner: ToolRunner): ToolProvider {
  const descriptors = builtinToolDescriptors();
  return {
    descriptors: () => descriptors,
    run: (call) => runner.run({ tool: call.name, args: call.args, workspaceDir: call.workspaceDir, signal: call.signal }),
  };
}
