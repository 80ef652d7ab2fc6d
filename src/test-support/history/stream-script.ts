// What the durability child writes, derivable from (seed, n) alone so the test
// can check every acknowledged message against what it must contain.
export const TOKENS_PER_ANSWER = 80;

export function questionText(seed: number, n: number): string {
  return `question ${seed}/${n}: 请解释 ${n} 的含义?`;
}

export function answerTokens(seed: number, n: number): string[] {
  return Array.from({ length: TOKENS_PER_ANSWER }, (_, i) => `t${seed}.${n}.${i}${i % 7 === 0 ? ' ✓\n' : ' '}`);
}

export function answerText(seed: number, n: number): string {
  return answerTokens(seed, n).join('');
}

/** One acknowledgement line: `<kind> <conversationId> <messageId> <status> <contentLength>`. */
export interface Ack {
  kind: 'C' | 'P';
  conversationId: string;
  messageId: string;
  status: string;
  length: number;
  n: number;
}

export function parseAck(line: string): Ack | null {
  const [kind, conversationId, messageId, status, length, n] = line.trim().split(' ');
  if ((kind !== 'C' && kind !== 'P') || !conversationId || !messageId || !status) return null;
  return { kind, conversationId, messageId, status, length: Number(length), n: Number(n) };
}
