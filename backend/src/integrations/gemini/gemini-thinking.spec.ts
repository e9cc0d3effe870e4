import { geminiBudgetNote, geminiLevelNote, geminiThinking } from './gemini-thinking';

describe('geminiThinking', () => {
  it.each([
    ['minimal', { level: 'LOW' }],
    ['low', { level: 'LOW' }],
    ['medium', { level: 'HIGH' }],
    ['max', { level: 'HIGH' }],
  ] as const)('should send %s as a thinking level to a model that takes levels', (effort, thinking) => {
    expect(geminiThinking(effort, false)).toEqual(thinking);
  });

  it("should send 'none' as a budget of 0 whatever the model takes, since no level turns thinking off", () => {
    expect(geminiThinking('none', false)).toEqual({ budget: 0 });
  });

  it.each([
    ['low', 1024],
    ['medium', 8192],
    ['high', 24576],
  ] as const)('should send %s as a budget of %d tokens to a model that refused levels', (effort, budget) => {
    expect(geminiThinking(effort, true)).toEqual({ budget });
  });
});

describe("what History says of a section's effort on Gemini", () => {
  it('should say nothing when the level sent is the effort itself', () => {
    expect(geminiLevelNote('low')).toBeNull();
    expect(geminiLevelNote('high')).toBeNull();
  });

  it('should name the level an effort Gemini has no level for was sent as', () => {
    expect(geminiLevelNote('medium')?.reason).toContain("'medium' was sent as 'high'");
  });

  it("should quote the model's refusal of levels beside the budget sent", () => {
    const note = geminiBudgetNote('medium', 'Thinking level is not supported for this model.');
    expect(note.reason).toBe("Thinking level is not supported for this model. Quire sent a thinkingBudget of 8192 tokens for 'medium'.");
  });
});
