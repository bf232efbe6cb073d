import { afterEach, describe, expect, it, vi } from 'vitest';
import { nextTask } from './nextTask';

describe('nextTask', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('resolves after the current task and its microtasks, not within them', async () => {
    const order: string[] = [];
    const yielded = nextTask().then(() => order.push('next task'));
    void Promise.resolve().then(() => order.push('microtask'));
    order.push('this task');
    await yielded;
    expect(order).toEqual(['this task', 'microtask', 'next task']);
  });

  it('lets a task queued before it run first', async () => {
    const order: string[] = [];
    const channel = new MessageChannel();
    const queued = new Promise<void>((resolve) => {
      channel.port1.onmessage = () => {
        order.push('queued task');
        channel.port1.close();
        resolve();
      };
    });
    channel.port2.postMessage(null);
    await nextTask();
    order.push('after nextTask');
    await queued;
    expect(order).toEqual(['queued task', 'after nextTask']);
  });

  it("uses the browser's scheduler.yield where there is one, called on the scheduler", async () => {
    let calls = 0;
    // Chromium's scheduler.yield throws "Illegal invocation" when called without its scheduler.
    const scheduler = {
      yield(this: unknown): Promise<void> {
        if (this !== scheduler) throw new TypeError('Illegal invocation');
        calls += 1;
        return Promise.resolve();
      },
    };
    vi.stubGlobal('scheduler', scheduler);
    await nextTask();
    expect(calls).toBe(1);
  });
});
