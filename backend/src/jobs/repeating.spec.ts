import { SchedulerRegistry } from '@nestjs/schedule';
import { Repeating } from './repeating';

describe('Repeating', () => {
  afterEach(() => jest.useRealTimers());

  it('should run a pass at once and every interval, never two at a time, and stop waiting for the one running', async () => {
    jest.useFakeTimers();
    const scheduler = new SchedulerRegistry();
    let finish: (() => void) | null = null;
    const pass = jest.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    const repeating = new Repeating(scheduler, 'test-pass', 1000, pass, jest.fn());

    repeating.start({ now: true });
    expect(pass).toHaveBeenCalledTimes(1);
    await jest.advanceTimersByTimeAsync(3000);
    expect(pass).toHaveBeenCalledTimes(1);
    finish!();
    await jest.advanceTimersByTimeAsync(1000);
    expect(pass).toHaveBeenCalledTimes(2);

    let stopped = false;
    const stopping = repeating.stop().then(() => (stopped = true));
    await jest.advanceTimersByTimeAsync(0);
    expect(stopped).toBe(false);
    finish!();
    await stopping;
    expect(scheduler.doesExist('interval', 'test-pass')).toBe(false);
    await jest.advanceTimersByTimeAsync(5000);
    expect(pass).toHaveBeenCalledTimes(2);
  });

  it('should hand a failed pass to onError and run the next one as usual', async () => {
    const onError = jest.fn();
    const pass = jest.fn().mockRejectedValueOnce(new Error('Notion is down')).mockResolvedValueOnce(undefined);
    const repeating = new Repeating(new SchedulerRegistry(), 'test-failure', 60_000, pass, onError);

    await repeating.run();
    await repeating.run();

    expect(onError).toHaveBeenCalledWith(new Error('Notion is down'));
    expect(pass).toHaveBeenCalledTimes(2);
  });
});
