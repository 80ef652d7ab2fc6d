// The contract's workshop:* handlers: quantize and convert plans and jobs, the
// converter's Python environment, cancel.
import type { ChannelsOf, InvokeHandlers } from '@shared/contract';
import type { WorkshopService } from './workshop-service';

export function workshopHandlers(workshop: WorkshopService): Pick<InvokeHandlers, ChannelsOf<'workshop'>> {
  return {
    'workshop:plan': async ({ modelPath }) => workshop.plan(modelPath),
    'workshop:quantize': async (input) => workshop.quantize(input),
    'workshop:convert-plan': async ({ folderPath }) => workshop.convertPlan(folderPath),
    'workshop:convert': async (input) => workshop.convert(input),
    'workshop:setup-python': async ({ jobId }) => workshop.setupPython(jobId),
    'workshop:cancel': async ({ jobId }) => workshop.cancel(jobId),
  };
}
