/**
 * The IPC channel names between the preload and the main process (one per direction and kind).
 * A module of its own, with no imports: the preload bundles it and must stay small.
 */
export const IPC = { call: 'docent:call', desktop: 'docent:desktop', event: 'docent:event', command: 'docent:command' } as const;
