// The one shape every area of the core has: `open<Area>(deps)` returns the
// handlers of its channels and a way to stop it (and whatever later areas need
// from it). The core is the list of these calls in start order.
import { invokeChannels, type HandlersOf, type InvokeChannel, type InvokeHandlers } from '@shared/contract';

export interface AreaModule<C extends InvokeChannel = never> {
  /** one handler per channel of the area, input already validated by the host */
  handlers: HandlersOf<C>;
  /** stops what the area started (processes, timers, files); the core awaits them in reverse start order */
  dispose(): Promise<void> | void;
}

/**
 * The areas' handlers as the contract's one map. Every channel is served by exactly one area: a channel no area serves
 * or two areas serve is a wiring mistake, refused at start rather than found by a page.
 */
export function assembleHandlers(areas: readonly AreaModule<InvokeChannel>[]): InvokeHandlers {
  const handlers: Partial<Record<InvokeChannel, unknown>> = {};
  for (const area of areas) {
    for (const [channel, handler] of Object.entries(area.handlers)) {
      if (channel in handlers) throw new Error(`two areas serve ${channel}`);
      if (!(channel in invokeChannels)) throw new Error(`an area serves ${channel}, which the contract does not have`);
      handlers[channel as InvokeChannel] = handler;
    }
  }
  const missing = Object.keys(invokeChannels).filter((channel) => !(channel in handlers));
  if (missing.length > 0) throw new Error(`no area serves ${missing.join(', ')}`);
  return handlers as InvokeHandlers;
}

/** The areas of a core in the order they were opened. */
export class AreaList {
  private readonly areas: AreaModule<InvokeChannel>[] = [];

  /** Adds an opened area (its handlers served, its dispose called on stop) and hands it back. */
  add<M extends AreaModule<never>>(area: M): M {
    this.areas.push(area as unknown as AreaModule<InvokeChannel>);
    return area;
  }

  handlers(): InvokeHandlers {
    return assembleHandlers(this.areas);
  }

  dispose(): Promise<void> {
    return disposeAreas(this.areas);
  }
}

/** Disposes the areas in reverse start order; one that fails does not keep the others running. */
export async function disposeAreas(areas: readonly AreaModule<InvokeChannel>[]): Promise<void> {
  const failures: unknown[] = [];
  for (const area of [...areas].reverse()) {
    try {
      await area.dispose();
    } catch (error) {
      failures.push(error);
    }
  }
  if (failures.length > 0) throw new AggregateError(failures, 'some areas did not stop cleanly');
}
