// edit_file: exact old_string → new_string in an existing workspace file,
// written back atomically with the file's mode kept.
import { TOOL_LIMITS } from '@shared/tools/tool-limits';
import { toolError } from '@shared/tools/tool-types';
import { applyEdit } from './edit-text';
import { failed, type ToolExecContext, type ToolOutput } from '../tool-executor';
import { readTextFile } from './text-file';
import { resolveWorkspacePath } from './workspace-path';
import { writeConfined, type WriteHooks } from './write-file';

export async function editFileTool(
  args: Record<string, unknown>,
  context: ToolExecContext,
  hooks: WriteHooks = {},
): Promise<ToolOutput> {
  const resolved = await resolveWorkspacePath(context.workspaceDir, String(args.path), { fence: context.fence });
  if (!resolved.ok) return failed(resolved.error);
  const target = resolved.value;
  if (!target.exists)
    return failed(toolError('not_found', `"${target.relative}" does not exist; use write_file to create it`));
  const read = await readTextFile(target.path, target.relative, TOOL_LIMITS.maxReadBytes);
  if (!read.ok) return failed(read.error);
  const expected = typeof args.expected_replacements === 'number' ? args.expected_replacements : 1;
  const edit = applyEdit(read.file.text, String(args.old_string), String(args.new_string), expected, target.relative);
  if (!edit.ok) return failed(edit.error);
  const written = await writeConfined(target, edit.text, read.file.mode, hooks);
  if (written) return failed(written);
  const noun = edit.replaced === 1 ? 'occurrence' : 'occurrences';
  return {
    status: 'ok',
    output: `Edited ${target.relative}: replaced ${edit.replaced} ${noun}`,
    details: { path: target.relative, replaced: edit.replaced },
  };
}
