// Which way the agent talks tools to a model. The prompt protocol (EVA's
// <tools> block and <tool_call> text) works with any model; the native one
// (OpenAI `tools` + streamed `tool_calls`) is cleaner but needs a chat template
// or an API that supports it. `auto` decides from what the endpoint says about
// itself, and the run can still fall back later (tool-rejection.ts).
import { LINK_PRESETS } from '../../links/link-presets';

/** How a run exchanges tool calls with the model. */
export type ToolProtocol = 'native' | 'prompt';

/** The user's setting: a protocol, or `auto` to pick one per endpoint. */
export type ToolProtocolSetting = 'auto' | ToolProtocol;

/**
 * What is known about an endpoint's tool support. `supportsTools` is the chat
 * template's answer from llama-server's /props, or null when there was none to ask
 * (a hosted API) or asking failed (`problem` says why).
 */
export type EndpointToolSupport =
  | { kind: 'local'; supportsTools: boolean | null; problem?: string }
  | { kind: 'link'; presetId: string; supportsTools: boolean | null; problem?: string };

/** The protocol a run starts with, and a sentence saying why. */
export interface ProtocolChoice {
  protocol: ToolProtocol;
  reason: string;
}

/** `support` may be null when the setting is not `auto` (nothing needs to be asked). */
export function chooseToolProtocol(setting: ToolProtocolSetting, support: EndpointToolSupport | null): ProtocolChoice {
  if (setting !== 'auto') return { protocol: setting, reason: `the ${setting} protocol is set in the tool settings` };
  if (!support) return { protocol: 'prompt', reason: "the endpoint's tool support was not checked" };
  if (support.kind === 'link') {
    const preset = LINK_PRESETS.find((p) => p.id === support.presetId);
    // A remote llama-server is as good as its chat template, like the local one.
    if (preset && preset.id !== 'llama-server') {
      return preset.nativeTools
        ? { protocol: 'native', reason: `${preset.name} takes OpenAI tools natively` }
        : { protocol: 'prompt', reason: `${preset.name} has no native tool calls` };
    }
    if (!preset) return { protocol: 'prompt', reason: 'this link is not a known native-tools endpoint' };
  }
  if (support.supportsTools === true)
    return { protocol: 'native', reason: "the model's chat template supports tools (/props)" };
  if (support.supportsTools === false)
    return { protocol: 'prompt', reason: "the model's chat template does not support tools (/props)" };
  return {
    protocol: 'prompt',
    reason: `the server's tool support is unknown (${support.problem ?? '/props did not say'})`,
  };
}
