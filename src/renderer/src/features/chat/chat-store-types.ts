// The chat store's shape: what the view reads (the conversation, the streaming
// answer, the draft, the server's props) and the actions on them.
import type { StoreApi } from 'zustand/vanilla';
import type { ContentPart, StreamingMessage } from '@shared/chat/types';
import type { ServerProps } from '@shared/contract';
import type { Attachment } from './attachments';
import type { TokenCounter } from './chat-stats';
import type { ConversationState } from './conversation';
import type { ConversationConventions } from './conversation-conventions';
import type { HeldEndpoint } from './held-endpoint';
import type { OverflowPolicy } from '@shared/chat/overflow-policy';
import type { SendRefusal } from './tools-fit';
import type { ToolSelection } from '@shared/tools/tool-selection';
import type { StructuredOutput } from '@shared/chat/structured-output';
import type { PageSummary } from './summaries';

/** The answer being streamed, updated once per frame. */
/**
 * The model pool as the chat sees it: which of its models answers a conversation; `remember` keeps a conversation's
 * model unless one was picked.
 */
export interface ConversationModels {
  modelFor(conversationId: string | null): string | null;
  remember(conversationId: string, model: string): void;
}

export interface LiveAnswer {
  itemId: string;
  requestId: string;
  message: StreamingMessage;
  counter: TokenCounter;
  /** the stream `message` is of (an agent run's turn `<runId>:<n>`); null before any event */
  turn: string | null;
}

/** What the user is writing; kept here so it survives a visit to another page. */
export interface Draft {
  text: string;
  attachments: readonly Attachment[];
}

export interface ChatStore {
  conversation: StoreApi<ConversationState>;
  draft: StoreApi<Draft>;
  live: StoreApi<LiveAnswer | null>;
  /** what the local server says about itself; null when none is ready */
  props: StoreApi<ServerProps | null>;
  /** follow the backend status to keep `props` current; returns the teardown (the follower is started by its owner) */
  start(): () => void;
  /**
   * false when a request is already running or there is nothing to send; the draft is emptied once the send is accepted
   */
  send(content: string | ContentPart[]): Promise<boolean>;
  stop(): Promise<void>;
  /** ask again for the last answer */
  regenerate(): Promise<boolean>;
  /**
   * Continue: the last answer, cut off (stopped, failed, interrupted, at its token limit), goes on from its text in
   * place
   */
  continueAnswer(itemId: string): Promise<boolean>;
  /** replace a user message and everything after it, and ask again */
  editAndResend(itemId: string, content: string | ContentPart[]): Promise<boolean>;
  /** a new, empty conversation (a running answer is stopped) */
  clear(): void;
  /**
   * show a saved conversation (a running answer is stopped first), scrolled to `messageId` when given (its branch is
   * selected); false when it cannot be opened
   */
  open(conversationId: string, messageId?: string): Promise<boolean>;
  /** the message to scroll to and mark (a search hit), or null */
  focus: StoreApi<string | null>;
  /** bumped when the message box should take the keyboard (a new chat, a conversation opened) */
  composerFocus: StoreApi<number>;
  /** the opened conversation's own endpoint, offered and never switched to unasked */
  heldEndpoint: HeldEndpoint;
  /**
   * the open conversation's own system prompt and sampling (the Parameters panel's "This conversation"); null: the
   * defaults apply
   */
  conventions: ConversationConventions;
  /** answer through the agent loop (tools) instead of a plain chat request */
  useTools: StoreApi<boolean>;
  /** tools switched on for this conversation only (the controller); cleared with a new or reopened conversation */
  conversationTools: StoreApi<readonly string[]>;
  /** show the previous (-1) or next (+1) sibling of a message: ‹ 2/3 › */
  switchBranch(itemId: string, step: -1 | 1): Promise<boolean>;
  refreshProps(): Promise<void>;
  /** the open conversation's own overflow policy; null: settings.chat.overflow applies (context-overflow.ts sets it) */
  overflow: StoreApi<OverflowPolicy | null>;
  /**
   * why the last send was not made (the context; with tools on, how much of it the tool list takes), until the next
   * send or another conversation
   */
  contextRefusal: StoreApi<SendRefusal | null>;
  /**
   * the tools the open conversation leaves out (conversation-tool-selection.ts sets it); null: every switched-on tool
   */
  toolSelection: StoreApi<ToolSelection | null>;
  /**
   * the JSON schema the open conversation's answers must fit (the Parameters panel's "Structured output"); null: free
   * text
   */
  structuredOutput: StoreApi<StructuredOutput | null>;
  /** the open conversation's summaries that still hold (summaries.ts finds the one on the branch shown) */
  summaries: StoreApi<readonly PageSummary[]>;
}
