// One place the agent loop asks "which tools exist" and "run this one".
// Providers plug in: the built-ins (backed by the ToolRunner) and, later, one
// provider per MCP server whose tools are named `service@tool`. Names are
// unique across providers; a provider that is gone makes its tools vanish.
import { builtinToolDescriptors } from '@shared/tools/builtin-tools';
import { toolError, type ToolDescriptor, type ToolRunResult } from '@shared/tools/tool-types';
import type { ServerAsks } from '@shared/mcp/mcp-server-asks';
import type { ToolRunner } from './tool-runner';

/** A call routed to a provider, already validated and consented. */
export interface ProviderCall {
  name: string;
  args: Record<string, unknown>;
  workspaceDir: string;
  signal?: AbortSignal;
  /** where an MCP server's questions during the call go (the run's cards); absent: the server is told it cannot ask */
  asks?: ServerAsks;
}

/** A call as the consent step sees it: validated, not yet run. */
export type CallToJudge = Pick<ProviderCall, 'name' | 'args'>;

/** Something that offers tools: the built-ins, or one MCP server. */
export interface ToolProvider {
  descriptors(): readonly ToolDescriptor[];
  run(call: ProviderCall): Promise<ToolRunResult>;
  /**
   * whether the user allowed this call ahead by its cost, so it runs without a card (the image tool under its budget)
   */
  allowedAhead?(call: CallToJudge): boolean;
  /**
   * what the approval card says of a call when its arguments alone do not (a picture's size and steps, defaults filled
   * in)
   */
  describeCall?(call: CallToJudge): string;
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
    const provider = this.providerOf(call.name);
    if (provider) return provider.run(call);
    return {
      status: 'error',
      output: '',
      error: toolError('unknown_tool', `no provider offers the tool "${call.name}"`),
      durationMs: 0,
    };
  }

  /** Whether the tool's provider lets this call run without a card; false for every provider that does not say. */
  allowedAhead(call: CallToJudge): boolean {
    return this.providerOf(call.name)?.allowedAhead?.(call) ?? false;
  }

  /** The provider's words for the approval card, or null. */
  describeCall(call: CallToJudge): string | null {
    return this.providerOf(call.name)?.describeCall?.(call) ?? null;
  }

  /** The provider that runs this name: the first (by id) to offer it, as in descriptors(). */
  private providerOf(name: string): ToolProvider | undefined {
    return this.ordered().find((provider) => provider.descriptors().some((tool) => tool.name === name));
  }
}

/** The built-in tools as a provider; `answer` is handled by the loop and never reaches here. */
export function builtinToolProvider(runner: ToolRunner): ToolProvider {
  const descriptors = builtinToolDescriptors();
  return {
    descriptors: () => descriptors,
    run: (call) =>
      runner.run({ tool: call.name, args: call.args, workspaceDir: call.workspaceDir, signal: call.signal }),
  };
}
