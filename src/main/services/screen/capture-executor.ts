// The worker's loader for the screenshot job, listed in builtinExecutors() so
// the same tool worker entry (and its Electron build) runs it.
import type { ToolExecutor } from '../tools/tool-executor';
import { captureScreenTool } from './capture-tool';

export function screenCaptureExecutor(): ToolExecutor {
  const deps = {
    platform: process.platform,
    env: process.env,
    loadGrabber: async () => (await import('./nut-grabber')).loadNutGrabber(),
  };
  return (args) => captureScreenTool(args, deps);
}
