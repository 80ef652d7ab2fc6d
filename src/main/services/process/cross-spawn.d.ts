// cross-spawn ships no types; it comes with @modelcontextprotocol/sdk, whose own
// stdio transport uses it for the same reason we do (Windows `npx` is a .cmd).
declare module 'cross-spawn' {
  import type { ChildProcess, SpawnOptions } from 'node:child_process';

  function spawn(command: string, args?: readonly string[], options?: SpawnOptions): ChildProcess;
  export default spawn;
}
