/**
 * Resolves in a task of its own: work after it runs once the browser has had a turn (a paint, an
 * input, a network answer), so one long task of a first visit becomes several short ones (the
 * blocking time of issue 16). `scheduler.yield()` where the browser has it (its continuation goes
 * before other queued tasks, so the work is not pushed behind them); elsewhere a message to a
 * channel of our own, which a background tab does not slow down as it does timers.
 */
export function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}
