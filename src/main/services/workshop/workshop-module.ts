// The workshop area: quantize and convert plans and jobs, the converter's
// Python environment, cancel.
import type { ChannelsOf, EventPayloads } from '@shared/contract';
import type { EventSink } from '../events/event-bus';
import type { AreaModule } from '../area-module';
import { createWorkshopService, type WorkshopServiceDeps } from './workshop-service';

export function openWorkshop(
  deps: Omit<WorkshopServiceDeps, 'emit'> & { emit: EventSink },
): AreaModule<ChannelsOf<'workshop'>> {
  const emitLog = (log: EventPayloads['workshop:log']) => deps.emit('workshop:log', log);
  const workshop = createWorkshopService({ emitLog, ...deps });
  return {
    handlers: {
      'workshop:plan': async ({ modelPath }) => workshop.plan(modelPath),
      'workshop:quantize': async (input) => workshop.quantize(input),
      'workshop:convert-plan': async ({ folderPath }) => workshop.convertPlan(folderPath),
      'workshop:convert': async (input) => workshop.convert(input),
      'workshop:setup-python': async ({ jobId }) => workshop.setupPython(jobId),
      'workshop:cancel': async ({ jobId }) => workshop.cancel(jobId),
    },
    dispose: () => workshop.dispose(),
  };
}
