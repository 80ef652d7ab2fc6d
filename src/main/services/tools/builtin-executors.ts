// Which code runs each built-in tool inside a worker. Modules load on first
// use, so a calculator worker never loads nut-js and a files worker never
// loads mathjs.
import { TOOL_LIMITS } from '@shared/tools/tool-limits';
import type { ToolExecutors } from './tool-executor';

export function builtinExecutors(): ToolExecutors {
  return {
    calculator: async () => {
      const evaluate = (await import('./calculator')).createCalculator();
      return async (args) => evaluate(String(args.expression));
    },
    execute_command: async () => (await import('./shell/execute-command')).executeCommandTool,
    read_file: async () => (await import('./files/read-file')).readFileTool,
    write_file: async () => (await import('./files/write-file')).writeFileTool,
    edit_file: async () => (await import('./files/edit-file')).editFileTool,
    list_files: async () => (await import('./files/list-files')).listFilesTool,
    preview_change: async () => (await import('./files/change-preview')).previewChangeTool,
    web_fetch: async () => (await import('./web/web-fetch')).webFetchTool,
    controller: async () => {
      const { controllerTool } = await import('./controller/controller');
      const deps = {
        platform: process.platform,
        env: process.env,
        loadDriver: async () => (await import('./controller/nut-driver')).loadNutDriver(),
      };
      return (args, context) => controllerTool(args, context, deps);
    },
    // Not a model tool: the core's screenshot (browser host), run here because nut-js may crash its process.
    screen_capture: async () => (await import('../screen/capture-executor')).screenCaptureExecutor(),
  };
}

/** Time limits in ms per tool once its code is loaded; tools not listed set their own (shell, controller). */
export function defaultToolTimeouts(): Record<string, number> {
  return {
    calculator: TOOL_LIMITS.calculatorMs,
    read_file: TOOL_LIMITS.fileToolMs,
    write_file: TOOL_LIMITS.fileToolMs,
    edit_file: TOOL_LIMITS.fileToolMs,
    list_files: TOOL_LIMITS.fileToolMs,
    preview_change: TOOL_LIMITS.fileToolMs,
    // The fetch has its own deadline; the rest is for turning a large page or a PDF into text.
    web_fetch: 2 * TOOL_LIMITS.webFetchMs,
  };
}
