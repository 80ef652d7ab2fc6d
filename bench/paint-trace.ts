// Where a streamed paint's time goes, from a Chromium trace of the streaming window: the
// time of the pipeline's stages (script, style, layout, paint, raster, composite, the
// display compositor's draw) summed over every thread of the browser, per paint. Each event
// counts its thread's CPU time where the trace records it (`tdur`), else its wall time: on
// two cores shared with a model, wall time also counts the waits for a core.
import type { Browser, Page } from '@playwright/test';

export const TRACE_CATEGORIES = [
  'toplevel',
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'blink',
  'cc',
  'viz',
  'blink.user_timing',
];

/** The mark the pages set at each paint's change: the trace is read from the first to a frame after the last. */
export const PAINT_MARK = 'eva-paint';
const FRAME_US = 16_667;

/** The pipeline's stages, each the trace events that make it up (nested ones are not counted twice). */
const STAGES: Record<string, readonly string[]> = {
  script: ['FunctionCall', 'EventDispatch', 'TimerFire', 'FireAnimationFrame', 'RunMicrotasks', 'v8.run'],
  style: ['UpdateLayoutTree', 'RecalculateStyles', 'ScheduleStyleRecalculation'],
  layout: ['Layout'],
  prepaint: ['PrePaint'],
  paint: ['Paint'],
  layerize: ['Layerize', 'UpdateLayer', 'CompositeLayers'],
  commit: ['Commit', 'ProxyMain::BeginMainFrame::commit', 'LayerTreeHostImpl::CommitComplete'],
  raster: ['RasterTask', 'TileManager::FlushAndIssueSignals'],
  draw: ['Display::DrawAndSwap', 'DirectRenderer::DrawFrame', 'SoftwareRenderer::DrawFrame'],
  // Every task a thread ran: the whole of it, to see which process and thread carries the cost.
  task: ['ThreadControllerImpl::RunTask', 'ThreadPool_RunTask'],
};

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  /** the thread's CPU time in the event, where recorded */
  tdur?: number;
  args?: { name?: string };
}

export interface PaintBreakdown {
  /** the paints the window holds (the pages' marks) */
  paints: number;
  /** milliseconds a paint of each stage, every thread together */
  stages: Record<string, number>;
  /** milliseconds a paint of running tasks, by thread name (the five busiest) */
  threads: Record<string, number>;
  /** milliseconds a paint of the page's main thread by event name (the twelve costliest, wrappers left out) */
  mainThread: Record<string, number>;
}

interface Totals {
  /** microseconds by event name */
  byName: Map<string, number>;
  /** microseconds by `pid:tid` and event name */
  byThreadAndName: Map<string, Map<string, number>>;
  /** microseconds of tasks by `pid:tid` */
  byThread: Map<string, number>;
  threadNames: Map<string, string>;
}

/**
 * Sums the complete ('X') and begin/end ('B'/'E') events that start within [from, until] by name, and the tasks by
 * thread; an event inside one of the same name on its thread counts once.
 */
function totals(trace: { traceEvents: TraceEvent[] }, from: number, until: number): Totals {
  const result: Totals = { byName: new Map(), byThreadAndName: new Map(), byThread: new Map(), threadNames: new Map() };
  const open = new Map<string, number[]>();
  const add = (event: TraceEvent, micros: number): void => {
    result.byName.set(event.name, (result.byName.get(event.name) ?? 0) + micros);
    const thread = `${event.pid}:${event.tid}`;
    const names = result.byThreadAndName.get(thread) ?? new Map<string, number>();
    result.byThreadAndName.set(thread, names.set(event.name, (names.get(event.name) ?? 0) + micros));
    if (!STAGES.task?.includes(event.name)) return;
    result.byThread.set(thread, (result.byThread.get(thread) ?? 0) + micros);
  };
  // The end of the newest counted event per name and thread: a nested one of the same name is inside it.
  const coveredUntil = new Map<string, number>();
  const events = trace.traceEvents
    .filter((event) => event.ph === 'M' || (event.ts >= from && event.ts <= until))
    .sort((a, b) => a.ts - b.ts);
  for (const event of events) {
    const key = `${event.pid}:${event.tid}:${event.name}`;
    if (event.ph === 'M' && event.name === 'thread_name')
      result.threadNames.set(`${event.pid}:${event.tid}`, event.args?.name ?? '?');
    else if (event.ph === 'X' && event.dur !== undefined) {
      if ((coveredUntil.get(key) ?? -1) >= event.ts + event.dur) continue;
      coveredUntil.set(key, event.ts + event.dur);
      add(event, event.tdur ?? event.dur);
    } else if (event.ph === 'B') open.set(key, [...(open.get(key) ?? []), event.ts]);
    else if (event.ph === 'E') {
      const starts = open.get(key);
      const start = starts?.pop();
      if (start !== undefined && starts?.length === 0) add(event, event.ts - start);
    }
  }
  return result;
}

const marksNamed = (trace: { traceEvents: TraceEvent[] }, name: string): TraceEvent[] =>
  trace.traceEvents.filter((event) => event.name === name).sort((a, b) => a.ts - b.ts);

/** The stages and threads per paint, from the first paint's mark to a frame after the last. */
export function paintBreakdown(trace: { traceEvents: TraceEvent[] }): PaintBreakdown {
  const marks = marksNamed(trace, PAINT_MARK).map((event) => event.ts);
  const paints = marks.length;
  const sums = totals(trace, Math.min(...marks), Math.max(...marks) + FRAME_US);
  const perPaint = (micros: number): number => Number((micros / 1000 / Math.max(1, paints)).toFixed(3));
  const stages: Record<string, number> = {};
  for (const [stage, names] of Object.entries(STAGES))
    stages[stage] = perPaint(names.reduce((sum, name) => sum + (sums.byName.get(name) ?? 0), 0));
  const threads: Record<string, number> = {};
  for (const [thread, micros] of [...sums.byThread].sort((a, b) => b[1] - a[1]).slice(0, 5))
    threads[`${sums.threadNames.get(thread) ?? 'thread'} (${thread.split(':')[0]})`] = perPaint(micros);
  const page = marksNamed(trace, PAINT_MARK)[0];
  const main = [...sums.threadNames].find(
    ([thread, name]) => name === 'CrRendererMain' && thread.startsWith(`${page?.pid}:`),
  )?.[0];
  const mainThread: Record<string, number> = {};
  const wrappers = new Set([...(STAGES.task ?? []), 'RunTask', 'ThreadControllerImpl::DoWork', PAINT_MARK]);
  for (const [name, micros] of [...(sums.byThreadAndName.get(main ?? '') ?? [])]
    .filter(([name]) => !wrappers.has(name))
    .sort((a, b) => b[1] - a[1])
    .slice(0, 12))
    mainThread[name] = perPaint(micros);
  return { paints, stages, threads, mainThread };
}

/**
 * Milliseconds of tasks the page's process ran (every thread of the process that set the marks) from the task in which
 * the first `startMark` was set to the first `endMark` after it (by default the first paint's). A task that reaches
 * past either end counts for the share of its wall time inside the window: the key press's own task carries the
 * send's work, and the marks are set within tasks, never between them.
 */
export function pageTaskMsBetween(
  trace: { traceEvents: TraceEvent[] },
  startMark: string,
  endMark: string = PAINT_MARK,
): number {
  const start = marksNamed(trace, startMark)[0];
  const end = start && marksNamed(trace, endMark).find((event) => event.ts >= start.ts);
  if (!start || !end) throw new Error(`the trace has no ${startMark} mark followed by ${endMark}`);
  const tasks = trace.traceEvents.filter(
    (event) =>
      event.pid === start.pid && event.ph === 'X' && event.dur !== undefined && STAGES.task?.includes(event.name),
  );
  const within = (event: TraceEvent): boolean => event.ts <= start.ts && event.ts + (event.dur ?? 0) >= start.ts;
  const from = Math.min(
    start.ts,
    ...tasks.filter((event) => event.tid === start.tid && within(event)).map((e) => e.ts),
  );
  // Nested tasks of one name on one thread count once: the outermost.
  const coveredUntil = new Map<string, number>();
  let micros = 0;
  for (const task of tasks.sort((x, y) => x.ts - y.ts)) {
    const taskEnd = task.ts + (task.dur ?? 0);
    const overlap = Math.min(taskEnd, end.ts) - Math.max(task.ts, from);
    if (overlap <= 0) continue;
    const key = `${task.tid}:${task.name}`;
    if ((coveredUntil.get(key) ?? -1) >= taskEnd) continue;
    coveredUntil.set(key, taskEnd);
    const cpu = task.tdur ?? task.dur ?? 0;
    micros += task.dur ? (cpu * overlap) / task.dur : 0;
  }
  return Number((micros / 1000).toFixed(2));
}

/** Traces what `work` makes the browser do. */
export async function traced<T>(
  browser: Browser,
  page: Page,
  work: () => Promise<T>,
): Promise<{ result: T; trace: { traceEvents: TraceEvent[] } }> {
  await browser.startTracing(page, { categories: TRACE_CATEGORIES });
  const result = await work();
  const buffer = await browser.stopTracing();
  return { result, trace: JSON.parse(buffer.toString('utf8')) as { traceEvents: TraceEvent[] } };
}
