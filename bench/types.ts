// What a benchmark is and what it prints: one JSON object per metric.

export interface BenchResult {
  bench: string;
  value: number;
  unit: string;
  goal: string;
  [detail: string]: unknown;
}

export interface Benchmark {
  /** every metric name it reports, so a prefix can select it */
  names: string[];
  run(): Promise<BenchResult[]>;
}
