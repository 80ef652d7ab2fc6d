// A compare run as a file: JSON (the run as the page sees it, so a blind run
// not yet revealed stays blind), CSV (one row per answer, with its figures) and
// Markdown (a figures table and the answers, turn by turn). Pure.
import type {
  CompareAnswer,
  CompareColumnView,
  CompareExport,
  CompareExportFormat,
  CompareRunView,
} from './compare-types';

export const COMPARE_EXPORT_FORMAT = 'eva-compare';

export function exportRun(run: CompareRunView, format: CompareExportFormat, now: number): CompareExport {
  const base = `compare-${slug(run.title) || run.id}-${new Date(run.createdAt).toISOString().slice(0, 10)}`;
  if (format === 'json') return { text: runToJson(run, now), fileName: `${base}.json`, mime: 'application/json' };
  if (format === 'csv') return { text: runToCsv(run), fileName: `${base}.csv`, mime: 'text/csv' };
  return { text: runToMarkdown(run), fileName: `${base}.md`, mime: 'text/markdown' };
}

export function runToJson(run: CompareRunView, now: number): string {
  const exported = { format: COMPARE_EXPORT_FORMAT, version: 1, exportedAt: new Date(now).toISOString(), run };
  return `${JSON.stringify(exported, null, 2)}\n`;
}

export const CSV_COLUMNS = [
  'run',
  'title',
  'turn',
  'prompt',
  'column',
  'model',
  'status',
  'ttft_ms',
  'tokens_per_s',
  'prompt_tokens_per_s',
  'prompt_tokens',
  'cached_tokens',
  'generated_tokens',
  'context_used',
  'n_ctx',
  'peak_rss_bytes',
  'memory_measured',
  'load_ms',
  'best',
  'answer',
] as const;

export function runToCsv(run: CompareRunView): string {
  const rows: string[][] = [[...CSV_COLUMNS]];
  run.turns.forEach((turn, index) => {
    const best = run.votes.find((vote) => vote.turn === index)?.columnId ?? null;
    for (const column of run.columns) {
      const answer = column.answers[index];
      if (!answer) continue;
      const f = answer.figures;
      rows.push([
        run.id,
        text(run.title),
        String(index + 1),
        text(turn.prompt),
        letter(column.id),
        text(modelOf(column)),
        answer.status,
        number(f.ttftMs),
        number(f.tokensPerSecond, 2),
        number(f.promptTokensPerSecond, 2),
        number(f.promptTokens),
        number(f.cachedTokens),
        number(f.generatedTokens),
        number(f.contextUsed),
        number(f.nCtx),
        number(f.peakRssBytes),
        run.hidden ? '' : f.memorySource,
        number(f.loadMs),
        best === column.id ? 'yes' : '',
        text(answer.content),
      ]);
    }
  });
  // CRLF between records, as RFC 4180 has it; spreadsheets read either.
  return `${rows.map((row) => row.map(csvField).join(',')).join('\r\n')}\r\n`;
}

export function runToMarkdown(run: CompareRunView): string {
  const out: string[] = [`# ${oneLine(run.title) || 'Comparison'}`, ''];
  out.push(`- Run: ${run.id}`, `- Created: ${new Date(run.createdAt).toISOString()}`);
  out.push(`- Models: ${run.columns.map((column) => `${letter(column.id)} ${modelOf(column)}`).join(', ')}`);
  if (run.hidden) out.push('- Blind: the models and their figures are hidden until a vote or a reveal');
  out.push(`- Scheduled: ${scheduleWords(run)}`);
  const sampling = Object.entries(run.settings.sampling)
    .map(([key, value]) => `${key} ${JSON.stringify(value)}`)
    .join(', ');
  out.push(`- Settings: context ${run.settings.contextSize || 'as trained'}${sampling ? `, ${sampling}` : ''}`);
  if (run.repeatOf) out.push(`- Repeats run ${run.repeatOf}`);
  out.push('');
  if (run.settings.systemPrompt)
    out.push('<details><summary>System prompt</summary>', '', run.settings.systemPrompt, '', '</details>', '');
  run.turns.forEach((turn, index) => {
    const best = run.votes.find((vote) => vote.turn === index)?.columnId ?? null;
    out.push(`## Turn ${index + 1}${turn.followUp ? ' (follow-up)' : ''}`, '', quote(turn.prompt), '');
    out.push('| | Model | TTFT | Tokens/s | Prompt tokens/s | Peak memory | Context | Best |');
    out.push('| - | - | -: | -: | -: | -: | -: | - |');
    for (const column of run.columns) {
      const answer = column.answers[index];
      if (!answer) continue;
      const f = answer.figures;
      out.push(
        tableRow([
          letter(column.id),
          cell(modelOf(column)),
          unit(f.ttftMs, ' ms'),
          unit(f.tokensPerSecond, '', 1),
          unit(f.promptTokensPerSecond, '', 1),
          mib(f.peakRssBytes),
          context(answer),
          best === column.id ? '✓' : '',
        ]),
      );
    }
    out.push('');
    for (const column of run.columns) {
      const answer = column.answers[index];
      if (!answer) continue;
      out.push(`### ${letter(column.id)} · ${modelOf(column)}${best === column.id ? ' (best)' : ''}`, '');
      out.push(
        answer.content.trim() || `_(${answer.status}${answer.error ? `: ${oneLine(answer.error.message)}` : ''})_`,
        '',
      );
    }
  });
  return `${out.join('\n').trimEnd()}\n`;
}

function scheduleWords(run: CompareRunView): string {
  const { mode, neededBytes, freeBytes } = run.schedule;
  const figures = `needed about ${mib(neededBytes)} together, ${mib(freeBytes)} free`;
  if (mode === 'parallel') return `together (${figures})`;
  return run.schedule.reason === 'chosen'
    ? `one after another, as chosen (${figures})`
    : `one after another (${figures})`;
}

const letter = (id: string): string => id.toUpperCase();
const modelOf = (column: CompareColumnView): string => column.name ?? `Model ${letter(column.id)}`;
const oneLine = (value: string): string => value.replace(/\s+/g, ' ').trim();
const cell = (value: string): string => oneLine(value).replace(/\|/g, '\\|');
const quote = (value: string): string =>
  value
    .trim()
    .split('\n')
    .map((line) => `> ${line}`)
    .join('\n');

function unit(value: number | null, suffix: string, digits = 0): string {
  return value === null ? '–' : `${value.toFixed(digits)}${suffix}`;
}

function mib(bytes: number | null): string {
  return bytes === null ? '–' : `${(bytes / 2 ** 20).toFixed(0)} MiB`;
}

function context(answer: CompareAnswer): string {
  const { contextUsed, nCtx } = answer.figures;
  if (contextUsed === null) return '–';
  return nCtx === null ? String(contextUsed) : `${contextUsed} / ${nCtx}`;
}

function number(value: number | null, digits = 0): string {
  return value === null ? '' : digits > 0 ? value.toFixed(digits) : String(Math.round(value));
}

/**
 * A text field a spreadsheet must not run: one that starts like a formula (=, +, -, @, a tab or a carriage return)
 * gets a leading apostrophe, as spreadsheets themselves mark text.
 */
function text(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

function csvField(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

function slug(title: string): string {
  return title
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40)
    .replace(/-+$/, '');
}

/** One row of a Markdown table. */
const tableRow = (cells: readonly string[]): string => `| ${cells.join(' | ')} |`;
