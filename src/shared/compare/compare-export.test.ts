import { describe, expect, it } from 'vitest';
import { answerFigures } from './compare-figures';
import { CSV_COLUMNS, exportRun, runToCsv, runToMarkdown } from './compare-export';
import { listedOrder, newRun, withAnswer, withFollowUp, withVote } from './compare-run';
import { viewOf } from './compare-view';

const figures = answerFigures({
  timings: {
    prompt_n: 10,
    prompt_ms: 5,
    prompt_per_second: 2000,
    predicted_n: 4,
    predicted_ms: 20,
    predicted_per_second: 200,
  },
  usage: null,
  ttftMs: 42,
  nCtx: 512,
  peakRssBytes: 64 * 2 ** 20,
  rssSamples: 2,
  memorySource: 'server',
  loadMs: 300,
});

function sample(blind = false) {
  let run = newRun({
    id: 'r1',
    now: Date.UTC(2026, 11, 3),
    entrants: [
      { kind: 'file', path: '/m/alpha.gguf' },
      { kind: 'file', path: '/m/beta.gguf' },
    ],
    prompts: ['Rivers, please'],
    settings: { systemPrompt: 'Brief.', sampling: { temperature: 0 }, contextSize: 512, blind, oneAfterAnother: false },
    schedule: {
      mode: 'sequential',
      reason: 'memory',
      neededBytes: 3 * 2 ** 30,
      freeBytes: 2 * 2 ** 30,
      estimates: [],
      tooLarge: [],
    },
    order: listedOrder(2),
  });
  run = withFollowUp(run, 'And "lakes", too?', 2);
  const answers = [
    ['a', 0, 'Alpha on rivers'],
    ['b', 0, '=SUM(A1) says beta, with "quotes"\nand a line'],
    ['a', 1, 'Alpha on lakes'],
    ['b', 1, 'Beta on lakes'],
  ] as const;
  for (const [columnId, turn, content] of answers)
    run = withAnswer(run, columnId, turn, (answer) => ({ ...answer, status: 'done', content, figures }), 3);
  return withVote(run, 1, 'b', 4);
}

/** The fields of CSV text, read the way RFC 4180 writes them. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted && c === '"' && text[i + 1] === '"') {
      field += '"';
      i++;
    } else if (quoted && c === '"') quoted = false;
    else if (quoted || (c !== '"' && c !== ',' && c !== '\r')) field += c;
    else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else {
      // CRLF: the record ends.
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i++;
    }
  }
  return rows;
}

describe('compare exports', () => {
  it('CSV: a row per answer with its figures, quoted where needed, formulas defused', () => {
    const rows = parseCsv(runToCsv(viewOf(sample())));
    expect(rows[0]).toEqual([...CSV_COLUMNS]);
    expect(rows).toHaveLength(5);
    const beta = Object.fromEntries(CSV_COLUMNS.map((name, i) => [name, rows[2]![i]]));
    expect(beta).toMatchObject({
      run: 'r1',
      turn: '1',
      prompt: 'Rivers, please',
      column: 'B',
      model: 'beta',
      status: 'done',
      ttft_ms: '42',
      tokens_per_s: '200.00',
      prompt_tokens_per_s: '2000.00',
      prompt_tokens: '10',
      generated_tokens: '4',
      context_used: '14',
      n_ctx: '512',
      peak_rss_bytes: String(64 * 2 ** 20),
      memory_measured: 'server',
      load_ms: '300',
      best: '',
      answer: `'=SUM(A1) says beta, with "quotes"\nand a line`,
    });
    expect(rows[4]![CSV_COLUMNS.indexOf('best')]).toBe('yes');
    expect(rows[3]![CSV_COLUMNS.indexOf('prompt')]).toBe('And "lakes", too?');
  });

  it('Markdown: the figures table and the answers, turn by turn, the best marked', () => {
    const text = runToMarkdown(viewOf(sample()));
    expect(text).toContain('# Rivers, please');
    expect(text).toContain('- Scheduled: one after another (needed about 3072 MiB together, 2048 MiB free)');
    expect(text).toContain('## Turn 2 (follow-up)');
    expect(text).toContain('| A | alpha | 42 ms | 200.0 | 2000.0 | 64 MiB | 14 / 512 |  |');
    expect(text).toContain('| B | beta | 42 ms | 200.0 | 2000.0 | 64 MiB | 14 / 512 | ✓ |');
    expect(text).toContain('### B · beta (best)');
    expect(text).toContain('> And "lakes", too?');
  });

  it('a blind run not yet revealed stays blind in every format', () => {
    const hidden = viewOf({ ...sample(true), revealed: false });
    for (const format of ['json', 'csv', 'markdown'] as const) {
      const { text } = exportRun(hidden, format, 0);
      expect(text).not.toContain('alpha');
      expect(text).not.toContain('/m/beta.gguf');
    }
    expect(runToMarkdown(hidden)).toContain('### A · Model A');
  });

  it('names the file after the title and the day', () => {
    const view = viewOf(sample());
    expect(exportRun(view, 'json', 0)).toMatchObject({
      fileName: 'compare-rivers-please-2026-12-03.json',
      mime: 'application/json',
    });
    expect(exportRun(view, 'csv', 0).fileName).toBe('compare-rivers-please-2026-12-03.csv');
    expect(exportRun({ ...view, title: '河流' }, 'markdown', 0).fileName).toBe('compare-r1-2026-12-03.md');
    const json = JSON.parse(exportRun(view, 'json', Date.UTC(2026, 11, 4)).text);
    expect(json).toMatchObject({ format: 'eva-compare', version: 1, exportedAt: '2026-12-04T00:00:00.000Z' });
    expect(json.run.columns[1].answers[1].content).toBe('Beta on lakes');
  });
});
