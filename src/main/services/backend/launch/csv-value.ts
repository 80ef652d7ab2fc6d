// llama.cpp's CSV rule for one option value (common/arg.cpp parse_csv_row).

/**
 * `--lora` and the API key list are split on commas by llama.cpp (several adapters
 * or keys in one value). Quote a single value that holds a comma, or starts with a
 * quote, so it stays one value; `"` inside is doubled, as llama.cpp's parser expects.
 */
export function csvValue(value: string): string {
  if (!value.includes(',') && !value.startsWith('"')) return value;
  return `"${value.replaceAll('"', '""')}"`;
}
