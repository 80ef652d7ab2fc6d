// Boundary schemas for the agent and tool calls from the renderer.
import { z } from 'zod';
import { ChatMessageSchema, ChatRecordSchema, EndpointRefSchema, SamplingSchema } from '../chat/schemas';
import { WebSearchSettingsSchema } from './web-search/web-search-settings';

const PolicySchema = z.enum(['allow', 'ask', 'deny']);

/** Where execute_command runs: this machine, a container with only the workspace mounted, or an SSH host. */
export const SandboxSettingsSchema = z.object({
  mode: z.enum(['host', 'container', 'ssh']),
  container: z.object({
    /** '' finds podman, else docker, on PATH; or a program name or path */
    runtime: z.string().max(4096),
    image: z.string().min(1).max(500),
    /** off: `--network=none` */
    network: z.boolean(),
    /** added to `run` before the image, for a machine that needs them (`--runtime runc`, `--userns=keep-id`) */
    runArgs: z.array(z.string().max(4096)).max(64),
    /** the runtime program's own environment (`CONTAINERS_CONF`, `DOCKER_HOST`) */
    runtimeEnv: z.record(z.string().max(200), z.string().max(4096)),
  }),
  ssh: z.object({
    /** `user@host` or a Host from ~/.ssh/config */
    host: z.string().max(500),
    /** the workspace on that host; '' is the login directory */
    workspaceDir: z.string().max(4096),
    /** added before the host (`-p 2222`, `-i ~/.ssh/key`) */
    args: z.array(z.string().max(4096)).max(64),
  }),
});
export type SandboxSettings = z.infer<typeof SandboxSettingsSchema>;

/** Tool settings, persisted: per-tool policy and on/off, loop limits, where tools may act. */
export const ToolSettingsSchema = z.object({
  policies: z.record(z.string().max(200), PolicySchema),
  enabled: z.record(z.string().max(200), z.boolean()),
  maxSteps: z.number().int().min(1).max(500),
  agentMode: z.boolean(),
  /** empty: `<data>/workspace` */
  workspaceDir: z.string().max(4096),
  /** how tool calls are exchanged: `auto` picks native when the endpoint supports it (tool-protocol.ts) */
  protocol: z.enum(['auto', 'native', 'prompt']),
  sandbox: SandboxSettingsSchema,
  /** where `web_search` sends its queries (web-search-settings.ts) */
  webSearch: WebSearchSettingsSchema,
  /** hosts (`name`, `name:port`, an address) web_fetch may reach though they are local or on a private network */
  webAllowHosts: z.array(z.string().max(300)).max(200),
});
export type ToolSettings = z.infer<typeof ToolSettingsSchema>;

export const AgentRunSchema = z.object({
  requestId: z.string().min(1).max(100),
  endpoint: EndpointRefSchema,
  systemPrompt: z.string().max(1_000_000),
  messages: z.array(ChatMessageSchema).min(1).max(100_000),
  sampling: SamplingSchema,
  idSlot: z.number().int().min(0).max(1024).nullable(),
  /** tools this conversation allowed "for this conversation" so far */
  conversationAllowed: z.array(z.string().max(200)).max(500),
  /**
   * tools switched on for this conversation only (the controller: off by default, enabled per conversation), on top of
   * the Tools panel
   */
  enableTools: z.array(z.string().max(200)).max(50).optional(),
  /**
   * tools this conversation leaves out (names, or whole MCP servers as `server@*`: tool-selection.ts); `answer` is
   * always offered
   */
  disableTools: z.array(z.string().max(200)).max(1000).optional(),
  /** save the question and the run's answer (with its steps) in the history, as `chat:send` does */
  record: ChatRecordSchema.optional(),
  /**
   * Continue a run that was stopped, failed or cut by a crash: `record.answerId` is its saved answer,
   * whose completed steps the run goes on from (none is run again); `messages` are those before it.
   */
  resume: z.boolean().optional(),
});
export type AgentRunInput = z.infer<typeof AgentRunSchema>;

export const ConsentAnswerSchema = z.object({
  askId: z.string().min(1).max(100),
  answer: z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('allow_once') }),
    z.object({ kind: z.literal('allow_conversation') }),
    z.object({ kind: z.literal('allow_server') }),
    z.object({ kind: z.literal('deny'), reason: z.string().max(2000).optional() }),
  ]),
});
