// The `stablediffusion` tool as a tool provider. It runs in the core rather than
// a tool worker: its work is sd-cli, a child process of its own that goes
// through the process lifecycle like every other, so a worker would only add a
// second process around it. Offered once sd-cli is there and the page's
// template has its model files; the picture goes to the step card (and so into
// the history with the run) and the gallery, the model gets a short text.
// Each call asks first (a picture can hold the CPU for minutes), unless its work
// fits the budget the user set on the image page; the card names the size and
// steps the call will really use, the template's where the model left them out.
import { toAppError } from '@shared/errors';
import { IMAGE_TEMPLATES, missingModelFiles } from '@shared/images/image-templates';
import type { ImageSettings } from '@shared/images/image-settings';
import { stablediffusionToolDescriptor, toolImageParams, toolResultText } from '@shared/images/stablediffusion-tool';
import { imageCallSummary, withinImageBudget } from '@shared/images/image-tool-budget';
import { base64Bytes } from '@shared/tools/tool-content';
import { toolError, type ToolProgressListener, type ToolRunResult } from '@shared/tools/tool-types';
import type { CallToJudge, ProviderCall, ToolProvider } from '../tools/tool-registry';
import type { ImageService } from './image-service';

export interface ImageToolDeps {
  service: ImageService;
  settings: () => ImageSettings;
  /** whether an sd-cli was found when last asked (the registry asks synchronously) */
  cliFound: () => boolean;
  newJobId: () => string;
}

/**
 * A provider whose calls may carry a progress listener (the registry passes the agent's on, as it does to MCP tools).
 */
export interface ImageToolProvider extends ToolProvider {
  run(call: ProviderCall & ToolProgressListener): Promise<ToolRunResult>;
  allowedAhead(call: CallToJudge): boolean;
  describeCall(call: CallToJudge): string;
}

export function imageToolProvider(deps: ImageToolDeps): ImageToolProvider {
  const descriptor = stablediffusionToolDescriptor();
  const offered = () => {
    const { template, files } = deps.settings();
    return deps.cliFound() && missingModelFiles(template, files[template]).length === 0;
  };
  /** The parameters the call will draw with: its own arguments over the current template's. */
  const paramsOf = (args: Record<string, unknown>) =>
    toolImageParams(args, IMAGE_TEMPLATES[deps.settings().template].defaults);
  return {
    descriptors: () => (offered() ? [descriptor] : []),
    allowedAhead: (call) => withinImageBudget(paramsOf(call.args), deps.settings().toolBudget),
    describeCall: (call) => imageCallSummary(paramsOf(call.args), deps.settings().toolBudget),
    async run(call: ProviderCall & ToolProgressListener): Promise<ToolRunResult> {
      const started = performance.now();
      const { template, files } = deps.settings();
      const params = paramsOf(call.args);
      try {
        const image = await deps.service.generate({
          jobId: deps.newJobId(),
          template,
          files: files[template],
          params,
          source: 'tool',
          signal: call.signal,
          // The running call's card shows the steps, as it does an MCP tool's progress.
          onProgress: (progress) =>
            call.onProgress?.({
              progress: progress.phase === 'sampling' ? progress.done : 0,
              ...(progress.phase === 'sampling' ? { total: progress.total } : {}),
              message: progress.phase,
            }),
        });
        const durationMs = performance.now() - started;
        return {
          status: 'ok',
          output: toolResultText(image.record.params, image.record.ms),
          content: [
            {
              kind: 'image',
              mimeType: 'image/png',
              bytes: base64Bytes(image.dataUrl.slice(image.dataUrl.indexOf(',') + 1)),
              dataUrl: image.dataUrl,
            },
          ],
          details: { image: image.record },
          durationMs,
        };
      } catch (error) {
        const failure = toAppError(error);
        const durationMs = performance.now() - started;
        if (failure.details?.reason === 'cancelled')
          return {
            status: 'stopped',
            output: '',
            error: toolError('stopped', 'the picture was cancelled'),
            durationMs,
          };
        return {
          status: 'error',
          output: '',
          error: toolError('tool_failed', `the picture could not be drawn: ${failure.message}`, failure.details),
          durationMs,
        };
      }
    },
  };
}
