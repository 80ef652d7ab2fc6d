// read_file: a line range of a text file inside the workspace. Long output is
// cut at a line boundary with the offset to continue from, because a model
// reading code needs whole lines more than it needs the file's tail.
import { TOOL_LIMITS } from '@shared/tools/tool-limits';
import { failed, type ToolExecContext, type ToolOutput } from '../tool-executor';
import { readTextFile } from './text-file';
import { resolveWorkspacePath } from './workspace-path';

export async function readFileTool(args: Record<string, unknown>, context: ToolExecContext): Promise<ToolOutput> {
  const resolved = await resolveWorkspacePath(context.workspaceDir, String(args.path), { fence: context.fence });
  if (!resolved.ok) return failed(resolved.error);
  const { path, relative } = resolved.value;
  const read = await readTextFile(path, relative, TOOL_LIMITS.maxReadBytes);
  if (!read.ok) return failed(read.error);

  const lines = splitForReading(read.file.text);
  const offset = typeof args.offset === 'number' ? args.offset : 1;
  const limit = typeof args.limit === 'number' ? args.limit : TOOL_LIMITS.readDefaultLines;
  const total = lines.length;
  if (total === 0)
    return { status: 'ok', output: `(${relative} is empty)`, details: { path: relative, totalLines: 0 } };
  if (offset > total)
    return failed({
      code: 'invalid_arguments',
      message: `offset ${offset} is past the end of "${relative}", which has ${total} lines`,
    });

  const picked: string[] = [];
  let chars = 0;
  let last = offset - 1;
  for (let i = offset - 1; i < Math.min(total, offset - 1 + limit); i++) {
    const line = lines[i] as string;
    if (chars + line.length > TOOL_LIMITS.maxOutputChars && picked.length > 0) break;
    picked.push(
      line.length > TOOL_LIMITS.maxOutputChars ? `${line.slice(0, TOOL_LIMITS.maxOutputChars)} [… line cut …]` : line,
    );
    chars += line.length + 1;
    last = i + 1;
  }
  const whole = offset === 1 && last === total;
  const body = picked.join('\n');
  const output = whole
    ? body
    : `[${relative}: lines ${offset}-${last} of ${total}${last < total ? `; continue with offset=${last + 1}` : ''}]\n${body}`;
  return {
    status: 'ok',
    output,
    details: { path: relative, firstLine: offset, lastLine: last, totalLines: total, bytes: read.file.bytes },
  };
}

// A final newline ends the last line; it does not start an empty one.
function splitForReading(text: string): string[] {
  if (text === '') return [];
  const lines = text.split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  return lines;
}
