/** The two Electron IPC channels that carry the whole contract. */
export const IPC_INVOKE = 'eva:invoke';
export const IPC_EVENT = 'eva:event';
