// One crafted input that a user could download or add (a model file, a document, a
// Hugging Face folder, a server that lies), the EVA code it reaches, and what EVA must
// do with it. hostile-inputs.integration.test.ts runs every row in a process of its own
// and records the outcome, the time and the peak memory it took.

export interface HostileInput {
  /** what the input is, as a user would describe it */
  name: string;
  /** the part of EVA it reaches: 'convert', 'knowledge', 'gguf', 'download', 'rpc', 'image-tool' */
  surface: string;
  /**
   * Makes the input under `dir` (a fresh folder of its own) and runs EVA's real code on it,
   * resolving to one line that says what EVA did. It runs in a child process, so a crash or
   * an out-of-memory death shows as a failed row instead of taking the test runner with it.
   */
  probe(dir: string): Promise<string>;
  /** what the outcome line must say */
  expect: RegExp;
  /** how much the process may grow while the probe runs (peak resident set over the start), MB; default 150 */
  maxGrowthMb?: number;
}
