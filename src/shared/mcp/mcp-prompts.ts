// MCP prompts as the composer offers them: slash commands listed across the
// connected servers (`mcp:prompts`), and one fetched with its arguments
// (`mcp:get-prompt`) to become the draft.
import { z } from 'zod';
import type { McpContentPart } from './mcp-content';

/** One argument a prompt asks for; every value is a string (MCP has no other type for them). */
export interface McpPromptArgument {
  name: string;
  description: string;
  required: boolean;
}

/** One prompt of one server, as the slash menu lists it. */
export interface McpPromptInfo {
  server: string;
  name: string;
  /** the server's display title; '' when it gives none */
  title: string;
  description: string;
  arguments: McpPromptArgument[];
}

/** Every connected server's prompts; a server whose listing failed is named with why, the others still listed. */
export interface McpPromptListing {
  prompts: McpPromptInfo[];
  failures: { server: string; message: string }[];
}

/** One message of a fetched prompt. */
export interface McpPromptMessage {
  role: 'user' | 'assistant';
  parts: McpContentPart[];
}

/** A prompt as `prompts/get` answered it, its content read and capped by the core. */
export interface McpPromptContent {
  server: string;
  name: string;
  description: string;
  messages: McpPromptMessage[];
}

const serverName = z.string().min(1).max(200);

/** `mcp:get-prompt` input. */
export const McpGetPromptSchema = z
  .object({
    server: serverName,
    name: z.string().min(1).max(1000),
    arguments: z
      .record(z.string().max(200), z.string().max(100_000))
      .refine((args) => Object.keys(args).length <= 100, 'at most 100 arguments')
      .optional(),
  })
  .strict();
export type McpGetPromptInput = z.infer<typeof McpGetPromptSchema>;
