/**
 * Lets timers and messages run. A loop of awaits that never wait on I/O (a rewrite, an ask over
 * SQLite) runs as one task: thousands of them starve the event loop, and on a busy machine the
 * test runner's own calls to the worker time out (vitest's 60 s RPC limit). Long loops call this
 * between items.
 */
export const letTheEventLoopRun = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));
