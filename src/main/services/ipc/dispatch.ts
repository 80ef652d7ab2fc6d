// The single entry point for contract calls from any host. Unknown channels and
// inputs that fail the channel's schema are answered with an error; handler
// failures become AppErrors. Nothing a renderer sends can throw out of here.
import { invokeChannels, isInvokeChannel, type InvokeHandlers } from '@shared/contract';
import { toAppError, type Result } from '@shared/errors';
import { inputIssueDetails } from '@shared/input-issue';

export async function dispatchInvoke(
  handlers: InvokeHandlers,
  channel: unknown,
  input: unknown,
): Promise<Result<unknown>> {
  if (!isInvokeChannel(channel)) {
    return { ok: false, error: { code: 'unknown_channel', message: `unknown channel: ${describe(channel)}` } };
  }
  const parsed = invokeChannels[channel].input.safeParse(input ?? undefined);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((issue) => `${issue.path.join('.') || 'input'}: ${issue.message}`);
    return {
      ok: false,
      error: {
        code: 'bad_request',
        message: `invalid input for ${channel}: ${issues.join('; ')}`,
        // The first issue as data (which field, what it should be): the sentence the UI shows, translated.
        details: { issues, ...inputIssueDetails(parsed.error.issues[0]!) },
      },
    };
  }
  try {
    const handler = handlers[channel] as (value: unknown) => Promise<unknown>;
    return { ok: true, value: await handler(parsed.data) };
  } catch (error) {
    return { ok: false, error: toAppError(error) };
  }
}

// Never call String() on an attacker's object: its toString may throw or lie.
function describe(value: unknown): string {
  return typeof value === 'string' ? value.slice(0, 100) : `<${typeof value}>`;
}
