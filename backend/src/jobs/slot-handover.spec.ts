import { Logger } from '@nestjs/common';
import { SlotHandover } from './slot-handover';

/** A job that hands its slot over when `handOver` is pressed and ends when `end` or `fail` is. */
function job() {
  const controls = {} as { handOver: () => void; end: () => void; fail: (error: Error) => void };
  const run = (handOver: () => void) =>
    new Promise<void>((resolve, reject) => {
      controls.handOver = handOver;
      controls.end = resolve;
      controls.fail = reject;
    });
  return { run, controls };
}

/** Whether the promise has settled by the time pending callbacks have run. */
async function settled(promise: Promise<unknown>): Promise<boolean> {
  let done = false;
  promise.then(
    () => (done = true),
    () => (done = true),
  );
  await new Promise((resolve) => setImmediate(resolve));
  return done;
}

describe(SlotHandover.name, () => {
  const logger = { error: jest.fn() } as unknown as Logger;

  it('should free the slot when the job hands it over, before the job ends', async () => {
    const slots = new SlotHandover(2, logger);
    const { run, controls } = job();

    const slot = slots.run(run);
    expect(await settled(slot)).toBe(false);

    controls.handOver();
    expect(await settled(slot)).toBe(true);
    expect(slots.size).toBe(1);

    controls.end();
    await new Promise((resolve) => setImmediate(resolve));
    expect(slots.size).toBe(0);
  });

  it('should keep a job in its slot to the end when `limit` jobs are already outside theirs', async () => {
    const slots = new SlotHandover(1, logger);
    const first = job();
    const second = job();
    void slots.run(first.run);
    first.controls.handOver();
    const slot = slots.run(second.run);

    second.controls.handOver();
    expect(await settled(slot)).toBe(false);
    expect(slots.size).toBe(1);

    second.controls.end();
    expect(await settled(slot)).toBe(true);
  });

  it('should let a failure through to the slot before the handover, and only log one after it', async () => {
    const slots = new SlotHandover(1, logger);
    const before = job();
    const failedEarly = slots.run(before.run);
    before.controls.fail(new Error('no lease'));
    await expect(failedEarly).rejects.toThrow('no lease');

    const after = job();
    const slot = slots.run(after.run);
    after.controls.handOver();
    await slot;
    after.controls.fail(new Error('late'));
    await new Promise((resolve) => setImmediate(resolve));
    expect(logger.error).toHaveBeenCalledWith('A job failed after handing its slot over', expect.stringContaining('late'));
    expect(slots.size).toBe(0);
  });

  it('should drain the jobs outside their slots, waiting no longer than the timeout', async () => {
    const slots = new SlotHandover(2, logger);
    const quick = job();
    const stuck = job();
    void slots.run(quick.run);
    void slots.run(stuck.run);
    quick.controls.handOver();
    stuck.controls.handOver();

    const drained = slots.drain(50);
    quick.controls.end();
    expect(await settled(drained)).toBe(false);
    const started = Date.now();
    await drained;
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(slots.size).toBe(1);

    stuck.controls.end();
    await slots.drain(50);
    expect(slots.size).toBe(0);
  });
});
