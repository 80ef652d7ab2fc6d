// EVA's `knowledge` tool: the model asks the knowledge base (知识库) in its own
// words and gets the top-N passages back with their sources. EVA's contract is
// kept: one `content` argument with the query; `top_n` is an optional extra.
import type { ChatMessage } from '../chat/types';
import type { ToolDescriptor } from '../tools/tool-types';
import type { KnowledgeHit } from './knowledge-types';

export const KNOWLEDGE_TOOL_NAME = 'knowledge';

export function knowledgeToolDescriptor(topN: number): ToolDescriptor {
  return {
    name: KNOWLEDGE_TOOL_NAME,
    description: `Search the user's knowledge base (their own documents) and return the ${topN} most relevant passages with their source file, page and lines. Use it for questions about the user's documents; quote the sources you use as [1], [2].`,
    parameters: {
      type: 'object',
      properties: {
        content: { type: 'string', minLength: 1, description: 'What to look for: a question or keywords' },
        top_n: { type: 'integer', minimum: 1, maximum: 20, description: `How many passages (default ${topN})` },
      },
      required: ['content'],
    },
    risk: 'read',
    defaultPolicy: 'allow',
    enabledByDefault: true,
    source: 'builtin',
  };
}

/** Where a passage came from, as one line: `notes.md, lines 3–9` or `report.pdf, page 2, lines 1–4`. */
export function citeSource(hit: Pick<KnowledgeHit, 'source'>): string {
  const { path, page, lineStart, lineEnd } = hit.source;
  const name = path.split(/[\\/]/).pop() ?? path;
  const lines = lineStart === lineEnd ? `line ${lineStart}` : `lines ${lineStart}–${lineEnd}`;
  return page ? `${name}, page ${page}, ${lines}` : `${name}, ${lines}`;
}

/** The passages as the model reads them (the tool's result, or the prompt block of a plain chat). */
export function formatPassages(hits: readonly KnowledgeHit[]): string {
  if (hits.length === 0) return 'The knowledge base has no passage about this.';
  return hits
    .map((hit, i) => `[${i + 1}] ${citeSource(hit)} (score ${hit.score.toFixed(4)})\n${hit.text}`)
    .join('\n\n');
}

/**
 * A plain chat's last question with the passages found for it, when "use the knowledge base" is on. They go
 * with the question, not into the system prompt: the system prompt comes before the whole conversation, and
 * llama-server reuses a cached prompt only up to its first change, so passages there had it read the whole
 * conversation again at every question.
 */
export function withPassages(question: ChatMessage, hits: readonly KnowledgeHit[]): ChatMessage {
  const block = `Passages from the user's knowledge base that may help with the message below. Use them where they are relevant and cite them as [1], [2]:\n\n${formatPassages(hits)}\n\n---\n\n`;
  if (typeof question.content === 'string') return { ...question, content: `${block}${question.content}` };
  return { ...question, content: [{ type: 'text', text: block }, ...question.content] };
}
