import { TokenPace } from './token-pace';

describe(TokenPace.name, () => {
  it("should let a token make its minute's requests, then answer how long until the oldest leaves the minute", () => {
    let now = 1_000_000;
    const pace = new TokenPace(3, () => now);
    expect([pace.take('a'), pace.take('a'), pace.take('a')]).toEqual([null, null, null]);
    now += 20_000;
    expect(pace.take('a')).toBe(40);
    // Another token has its own minute.
    expect(pace.take('b')).toBeNull();
    // Refused requests are not counted: once the minute has passed, a whole minute's requests go again.
    now += 40_001;
    expect([pace.take('a'), pace.take('a'), pace.take('a')]).toEqual([null, null, null]);
    expect(pace.take('a')).toBe(60);
  });
});
