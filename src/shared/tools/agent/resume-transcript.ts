// Resuming an agent run (Continue on a run that did not finish): the run that
// was stopped, failed or cut by a crash goes on after its last completed step.
// The saved steps become the turns the model sees again (its calls and their
// results), so the next request starts where the run was, and no tool that
// already ran is run again. What a tool call was in the middle of when the run
// ended was never recorded as a step: the model may ask for it again.
import type { AgentStep } from './agent-types';
import type { NativeCallRecord, TranscriptTurn } from './agent-transcript';
import type { ToolProtocol } from './tool-protocol';
import { TOOL_CALL_CLOSE, TOOL_CALL_OPEN } from './parse-tool-call';
import type { ToolResponseInput } from './tool-response';

/** Steps that came from a model's call (the loop's own notes, like "answer with a tool call", are not). */
const fromACall = (step: AgentStep): boolean => step.kind === 'tool' || step.kind === 'invalid';

/** The model turns of the saved steps, in the protocol the resumed run speaks. */
export function resumedTurns(
  steps: readonly AgentStep[],
  protocol: ToolProtocol,
  wireNameOf: (name: string) => string,
): TranscriptTurn[] {
  const turns: TranscriptTurn[] = [];
  for (const group of byTurn(steps.filter(fromACall))) {
    const said = group[0]?.said ?? '';
    const calls = group.map((step): NativeCallRecord => {
      const name = step.tool ?? 'tool_call';
      return {
        id: `resumed_${step.index}`,
        name,
        wireName: wireNameOf(name),
        argumentsText: JSON.stringify(step.args ?? {}),
      };
    });
    if (protocol === 'native') turns.push({ kind: 'native_calls', content: said, calls });
    else {
      const blocks = calls.map(
        (call) =>
          `${TOOL_CALL_OPEN}${JSON.stringify({ name: call.name, arguments: JSON.parse(call.argumentsText) as unknown })}${TOOL_CALL_CLOSE}`,
      );
      turns.push({
        kind: 'message',
        message: { role: 'assistant', content: [said.trim(), ...blocks].filter((part) => part !== '').join('\n') },
      });
    }
    group.forEach((step, at) => {
      const call = calls[at]!;
      turns.push({
        kind: 'result',
        response: responseOf(step),
        ...(protocol === 'native' ? { callId: call.id, wireName: call.wireName } : {}),
      });
    });
  }
  return turns;
}

/** The model requests the saved steps used: the next one is numbered after them. */
export function turnsUsed(steps: readonly AgentStep[]): number {
  return byTurn(steps.filter(fromACall)).length;
}

/** The number the next model request of a resumed run gets: after every turn the saved steps name. */
export function nextTurnNumber(steps: readonly AgentStep[]): number {
  return steps.reduce((highest, step) => Math.max(highest, (step.turn ?? -1) + 1), 0);
}

/** Consecutive steps of the same model request; a step without a turn number stands alone. */
function byTurn(steps: readonly AgentStep[]): AgentStep[][] {
  const groups: AgentStep[][] = [];
  for (const step of steps) {
    const last = groups.at(-1);
    if (last && step.turn !== undefined && last[0]?.turn === step.turn) last.push(step);
    else groups.push([step]);
  }
  return groups;
}

function responseOf(step: AgentStep): ToolResponseInput {
  const name = step.tool ?? 'tool_call';
  // A call the gate refused went back as an error with its reason (the code is not kept: the reason says it); so it
  // goes again.
  if (step.status === 'rejected')
    return { name, status: 'error', output: '', error: { code: 'invalid_arguments', message: step.output } };
  return { name, status: step.status, output: step.output };
}
