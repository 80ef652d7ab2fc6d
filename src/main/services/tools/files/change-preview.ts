// What write_file / edit_file would change, computed before consent so the
// approval card can show the diff. Runs in the files worker (big files make
// diffing CPU-heavy); an edit that would fail says so instead of showing a diff.
import { capOutput } from '@shared/tools/output-cap';
import { TOOL_LIMITS } from '@shared/tools/tool-limits';
import { toolError } from '@shared/tools/tool-types';
import { unifiedDiff } from '@shared/tools/unified-diff';
import { applyEdit } from './edit-text';
import { failed, type ToolExecContext, type ToolOutput } from '../tool-executor';
import { readTextFile } from './text-file';
import { resolveWorkspacePath } from './workspace-path';

/** Internal worker tool name; never offered to the model. */
export const PREVIEW_TOOL = 'preview_change';

const MAX_DIFF_CHARS = 200_000;

/** args: { tool: 'write_file' | 'edit_file', arguments: {...the call's arguments} } */
export async function previewChangeTool(args: Record<string, unknown>, context: ToolExecContext): Promise<ToolOutput> {
  const tool = args.tool;
  const call = (args.arguments ?? {}) as Record<string, unknown>;
  if (tool !== 'write_file' && tool !== 'edit_file')
    return failed(toolError('invalid_arguments', `no preview for ${String(tool)}`));
  const resolved = await resolveWorkspacePath(context.workspaceDir, String(call.path), { fence: context.fence });
  if (!resolved.ok) return failed(resolved.error);
  const target = resolved.value;

  let before = '';
  if (target.exists) {
    const read = await readTextFile(target.path, target.relative, TOOL_LIMITS.maxReadBytes);
    // Overwriting a binary or huge file is still allowed; the card then says so instead of diffing.
    if (!read.ok && tool === 'edit_file') return failed(read.error);
    if (!read.ok)
      return {
        status: 'ok',
        output: `${target.relative} will be replaced (${read.error.message})`,
        details: { path: target.relative, isNew: false, diffable: false },
      };
    before = read.file.text;
  } else if (tool === 'edit_file') {
    return failed(toolError('not_found', `"${target.relative}" does not exist; use write_file to create it`));
  }

  let after: string;
  if (tool === 'write_file') after = String(call.content);
  else {
    const expected = typeof call.expected_replacements === 'number' ? call.expected_replacements : 1;
    const edit = applyEdit(before, String(call.old_string), String(call.new_string), expected, target.relative);
    if (!edit.ok) return failed(edit.error);
    after = edit.text;
  }
  const diff = unifiedDiff(before, after, {
    oldName: target.exists ? target.relative : null,
    newName: target.relative,
  });
  const capped = capOutput(diff.text, MAX_DIFF_CHARS);
  return {
    status: 'ok',
    output: capped.text,
    details: {
      path: target.relative,
      isNew: !target.exists,
      diffable: true,
      added: diff.added,
      removed: diff.removed,
      truncated: capped.truncated,
    },
  };
}
