// Typed fan-out of core events to whichever hosts are attached (Electron
// windows, WebSocket clients, tests).
import type { EventName, EventPayloads } from '@shared/contract';

export type EventSink = <E extends EventName>(event: E, payload: EventPayloads[E]) => void;

export class EventBus {
  private readonly sinks = new Set<EventSink>();

  attach(sink: EventSink): () => void {
    this.sinks.add(sink);
    return () => this.sinks.delete(sink);
  }

  readonly emit: EventSink = (event, payload) => {
    for (const sink of this.sinks) {
      try {
        sink(event, payload);
      } catch {
        // One broken host (a closed socket) must not stop the others from hearing it.
      }
    }
  };
}
