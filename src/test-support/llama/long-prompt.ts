// A long first question for tests and benchmarks that need a conversation of a
// known size: about 18 tokens a line with the test models' tokenizer.
export function longPrompt(lines: number): string {
  return Array.from({ length: lines }, (_, i) => `Line ${i}: the quick brown fox jumps over the lazy dog.`).join('\n');
}
