// Which server answers a send: the managed llama-server, one of the model
// pool's models, or a saved link, and what that server accepts.
import type { ChatSendInput } from '@shared/chat/schemas';
import type { AnswerAuthor, SamplingSettings } from '@shared/chat/types';
import { AppFailure } from '@shared/errors';
import type { LinkService } from '../links/link-service';

export interface LocalServer {
  baseUrl: string;
  apiKey: string;
  model: string;
  /** started with a slot save path: what its KV cache belongs to (the conversation cache saves and restores slots) */
  slotIdentity?: string;
}

/** Where the servers a chat may be sent to come from. */
export interface TargetSources {
  /** the managed llama-server when it is ready, else null */
  localServer: () => LocalServer | null;
  /**
   * for a chat: waits out a (re)start under way, and throws why the server is not there (crashed, failed, none loaded)
   */
  readyLocalServer?: (signal: AbortSignal) => Promise<LocalServer>;
  /** one of the model pool's models (router mode): loaded first if it is not, then reached through the router */
  poolServer?: (model: string) => Promise<LocalServer>;
  links: LinkService;
}

export interface Target {
  baseUrl: string;
  apiKey: string | null;
  model: string;
  /** llama-server (local, or a link preset for one): accepts its extensions (top_k, id_slot, /completion) */
  llama: boolean;
  slotIdentity?: string;
  /** the link profile's name (link mode) */
  linkName?: string;
}

// Strict OpenAI-style APIs reject unknown sampling fields.
const LLAMA_ONLY_FIELDS = ['top_k', 'min_p', 'repeat_penalty'] as const;

export async function resolveTarget(
  sources: TargetSources,
  endpoint: ChatSendInput['endpoint'],
  signal: AbortSignal,
): Promise<Target> {
  if (endpoint.kind === 'local' && endpoint.model) {
    if (!sources.poolServer)
      throw new AppFailure('no_model_loaded', `no model pool here to answer with ${endpoint.model}`);
    const pooled = await sources.poolServer(endpoint.model);
    return {
      baseUrl: pooled.baseUrl,
      apiKey: pooled.apiKey,
      model: pooled.model,
      llama: true,
    };
  }
  if (endpoint.kind === 'local') {
    const local = sources.readyLocalServer ? await sources.readyLocalServer(signal) : sources.localServer();
    if (!local)
      throw new AppFailure('no_model_loaded', 'no local model is loaded: load one first, or switch to a link endpoint');
    return {
      baseUrl: local.baseUrl,
      apiKey: local.apiKey || null,
      model: local.model,
      llama: true,
      slotIdentity: local.slotIdentity,
    };
  }
  const { profile, apiKey } = await sources.links.resolve(endpoint.linkId);
  return {
    baseUrl: profile.baseUrl,
    apiKey,
    model: profile.model,
    llama: profile.presetId === 'llama-server',
    linkName: profile.name,
  };
}

/** Who an answer from `target` is written by, before the server names its model itself. */
export function authorOf(endpoint: ChatSendInput['endpoint'], target: Target): AnswerAuthor {
  if (endpoint.kind === 'local') return { kind: 'local', model: target.model };
  const named = target.linkName ? { linkName: target.linkName } : {};
  return { kind: 'link', model: target.model, linkId: endpoint.linkId, ...named };
}

export function samplingFor(target: Target, sampling: SamplingSettings): SamplingSettings {
  if (target.llama) return sampling;
  const strict = { ...sampling };
  for (const field of LLAMA_ONLY_FIELDS) delete strict[field];
  return strict;
}
