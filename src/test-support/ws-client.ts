// Tests and benchmarks use the same WebSocket client as `eva` (src/main/cli/host-client.ts).
export { connectHost, type HostClient } from '@main/cli/host-client';
