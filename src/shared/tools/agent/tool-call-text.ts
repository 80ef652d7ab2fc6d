// While an agent run streams, the model's turn may be a tool call in EVA's
// prompt protocol. The approval and step cards show the call properly, so the
// raw <tool_call>{…}</tool_call> text (finished or still arriving) is hidden.
import { TOOL_CALL_CLOSE, TOOL_CALL_OPEN } from './parse-tool-call';

export function withoutToolCalls(text: string): string {
  let out = '';
  let from = 0;
  for (;;) {
    const open = text.indexOf(TOOL_CALL_OPEN, from);
    if (open < 0) {
      out += text.slice(from);
      break;
    }
    out += text.slice(from, open);
    const close = text.indexOf(TOOL_CALL_CLOSE, open + TOOL_CALL_OPEN.length);
    if (close < 0) break;
    from = close + TOOL_CALL_CLOSE.length;
  }
  // A tag still arriving ("<tool_c") is not shown either.
  const partial = [...Array(TOOL_CALL_OPEN.length - 1).keys()]
    .map((n) => TOOL_CALL_OPEN.slice(0, n + 1))
    .reverse()
    .find((prefix) => out.endsWith(prefix));
  return (partial ? out.slice(0, -partial.length) : out).trim();
}
