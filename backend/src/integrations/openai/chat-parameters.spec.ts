import { ChatPlan, DesiredParameters, KnownParameters, planChat, reasonsFrom, refusedFeature } from './chat-parameters';

const nothingKnown: KnownParameters = { refused: {}, accepted: [] };
const BIAS = { '123': -100 };
const desired = (overrides: Partial<DesiredParameters> = {}): DesiredParameters => ({ temperature: 0.7, logitBias: BIAS, reasoningEffort: null, ...overrides });
const refused = (...features: [string, string, string[]?][]): KnownParameters => ({
  refused: Object.fromEntries(features.map(([feature, reason, supported]) => [feature, supported ? { reason, supported } : { reason }])),
  accepted: [],
});

const LOGIT = "Unsupported parameter: 'logit_bias' is not supported with this model.";
const TEMPERATURE = "Unsupported value: 'temperature' does not support 0.7 with this model. Only the default (1) value is supported.";
const GPT6_TEMPERATURE =
  "Unsupported value: 'temperature' does not support 1 with reasoning_effort 'medium'. Sampling parameters are supported only when reasoning_effort is 'none'.";
const NONE = "Unsupported value: 'reasoning_effort' does not support 'none' with this model. Supported values are: 'minimal', 'low', 'medium', and 'high'.";

/** OpenAI's 400 naming a parameter, as the SDK's error carries it. */
const answer = (param: string, code: string, message: string) => ({ status: 400, code, param, message });

describe('planChat', () => {
  it('should send everything the section asks while OpenAI has refused nothing, and say what is not known yet', () => {
    expect(planChat(desired(), nothingKnown)).toEqual({
      temperature: 0.7,
      logitBias: BIAS,
      reasoningEffort: undefined,
      notes: [],
      features: ['temperature@unset', 'logit_bias'],
      unknown: ['temperature@unset', 'logit_bias'],
    });
  });

  it('should find out about a temperature of 1 as about any other: no value is taken by every model', () => {
    expect(planChat(desired({ temperature: 1, logitBias: undefined }), nothingKnown)).toMatchObject({
      temperature: 1,
      features: ['temperature@unset'],
      unknown: ['temperature@unset'],
    });
  });

  it('should send no temperature where none is asked (the model’s default), and learn nothing of it', () => {
    expect(planChat(desired({ temperature: null, logitBias: undefined }), nothingKnown)).toMatchObject({ temperature: undefined, features: [], notes: [] });
  });

  it('should leave out a refused logit_bias, with OpenAI’s words', () => {
    const plan = planChat(desired(), refused(['logit_bias', LOGIT]));
    expect(plan.logitBias).toBeUndefined();
    expect(plan.notes).toEqual([{ parameter: 'logit_bias', reason: LOGIT }]);
  });

  it('should leave out a temperature OpenAI refused with the model’s default effort, and add no effort to keep it (GPT-6)', () => {
    const plan = planChat(desired({ temperature: 1, logitBias: undefined }), refused(['temperature@unset', GPT6_TEMPERATURE]));
    expect(plan).toMatchObject({
      temperature: undefined,
      reasoningEffort: undefined,
      notes: [{ parameter: 'temperature', reason: GPT6_TEMPERATURE }],
      features: [],
      unknown: [],
    });
  });

  it('should keep sending the one temperature OpenAI named as supported, and leave out the others (the gpt-5 family, o-series)', () => {
    const known = refused(['temperature@unset', TEMPERATURE, ['1']]);
    expect(planChat(desired({ temperature: 1, logitBias: undefined }), known)).toMatchObject({ temperature: 1, notes: [], unknown: [] });
    expect(planChat(desired({ logitBias: undefined }), known)).toMatchObject({
      temperature: undefined,
      notes: [{ parameter: 'temperature', reason: TEMPERATURE }],
    });
  });

  it('should send a temperature with reasoning_effort "none" where the section asks for both', () => {
    const plan = planChat(desired({ logitBias: undefined, reasoningEffort: 'none' }), refused(['temperature@unset', GPT6_TEMPERATURE]));
    expect(plan).toMatchObject({ temperature: 0.7, reasoningEffort: 'none', notes: [], features: ['reasoning_effort=none', 'temperature@none'] });
  });

  it('should not add "none" to an effort the section chose, and drop the temperature OpenAI refuses with it', () => {
    const plan = planChat(desired({ logitBias: undefined, reasoningEffort: 'high' }), refused(['temperature@effort', TEMPERATURE]));
    expect(plan).toMatchObject({ temperature: undefined, reasoningEffort: 'high', notes: [{ parameter: 'temperature', reason: TEMPERATURE }] });
  });

  it('should send the nearest effort OpenAI names as supported in place of one it refused', () => {
    const reason =
      "Unsupported value: 'reasoning_effort' does not support 'max' with this model. Supported values are: 'none', 'low', 'medium', 'high', and 'xhigh'.";
    const plan = planChat(
      desired({ temperature: 1, logitBias: undefined, reasoningEffort: 'max' }),
      refused(['reasoning_effort=max', reason, ['none', 'low', 'medium', 'high', 'xhigh']]),
    );
    expect(plan.reasoningEffort).toBe('xhigh');
    expect(plan.notes).toEqual([{ parameter: 'reasoning_effort', reason: `${reason} Quire sent 'xhigh'.` }]);
    const minimal = planChat(
      desired({ temperature: 1, logitBias: undefined, reasoningEffort: 'minimal' }),
      refused(['reasoning_effort=minimal', 'x', ['none', 'low', 'high']]),
    );
    expect(minimal.reasoningEffort).toBe('none');
  });

  it('should leave reasoning_effort out of a model that refuses the parameter (one that does not reason)', () => {
    const reason = "Unsupported parameter: 'reasoning_effort' is not supported with this model.";
    const plan = planChat(desired({ reasoningEffort: 'low', logitBias: undefined }), refused(['reasoning_effort', reason]));
    expect(plan).toMatchObject({
      reasoningEffort: undefined,
      temperature: 0.7,
      features: ['temperature@unset'],
      notes: [{ parameter: 'reasoning_effort', reason }],
    });
  });

  it('should know nothing unknown once OpenAI has accepted every feature', () => {
    const plan = planChat(desired(), { refused: {}, accepted: ['temperature@unset', 'logit_bias'] });
    expect(plan.unknown).toEqual([]);
  });
});

describe('refusedFeature', () => {
  const sent = (overrides: Partial<ChatPlan> = {}): ChatPlan => ({ temperature: 0.7, logitBias: BIAS, notes: [], features: [], unknown: [], ...overrides });

  it('should name the feature OpenAI refused, with its words', () => {
    expect(refusedFeature(sent(), answer('logit_bias', 'unsupported_parameter', LOGIT))).toEqual({ feature: 'logit_bias', refusal: { reason: LOGIT } });
    expect(refusedFeature(sent(), answer('temperature', 'unsupported_value', TEMPERATURE))).toEqual({
      feature: 'temperature@unset',
      refusal: { reason: TEMPERATURE, supported: ['1'] },
    });
    expect(refusedFeature(sent({ temperature: 1 }), answer('temperature', 'unsupported_value', GPT6_TEMPERATURE))).toEqual({
      feature: 'temperature@unset',
      refusal: { reason: GPT6_TEMPERATURE },
    });
    expect(refusedFeature(sent({ reasoningEffort: 'none' }), answer('temperature', 'unsupported_value', TEMPERATURE))?.feature).toBe('temperature@none');
    expect(refusedFeature(sent({ reasoningEffort: 'low' }), answer('temperature', 'unsupported_value', TEMPERATURE))?.feature).toBe('temperature@effort');
  });

  it('should keep the values OpenAI names as supported', () => {
    expect(refusedFeature(sent({ reasoningEffort: 'none' }), answer('reasoning_effort', 'unsupported_value', NONE))).toEqual({
      feature: 'reasoning_effort=none',
      refusal: { reason: NONE, supported: ['minimal', 'low', 'medium', 'high'] },
    });
    expect(refusedFeature(sent({ reasoningEffort: 'low' }), answer('reasoning_effort', 'unsupported_parameter', 'x'))?.feature).toBe('reasoning_effort');
  });

  it('should learn from a refusal OpenAI sends without a code when its words say the parameter is unsupported (GPT-6 Astra)', () => {
    const astra = "Unsupported parameter: 'temperature' is not supported with this model.";
    expect(refusedFeature(sent({ temperature: 1, reasoningEffort: 'high' }), { status: 400, code: null, param: 'temperature', message: astra })).toEqual({
      feature: 'temperature@effort',
      refusal: { reason: astra },
    });
    expect(refusedFeature(sent({ reasoningEffort: 'none' }), { status: 400, code: null, param: 'reasoning_effort', message: NONE })?.feature).toBe(
      'reasoning_effort=none',
    );
    expect(refusedFeature(sent(), { status: 400, code: null, param: 'logit_bias', message: "Invalid key in 'logit_bias': x." })).toBeNull();
  });

  it('should learn nothing from any other error: a bad value, another parameter, another status', () => {
    expect(refusedFeature(sent(), answer('logit_bias', 'object_above_max_properties', 'too many'))).toBeNull();
    expect(refusedFeature(sent(), answer('max_tokens', 'unsupported_parameter', 'x'))).toBeNull();
    expect(refusedFeature(sent({ logitBias: undefined }), answer('logit_bias', 'unsupported_parameter', LOGIT))).toBeNull();
    expect(refusedFeature(sent(), { ...answer('logit_bias', 'unsupported_parameter', LOGIT), status: 404 })).toBeNull();
  });
});

describe('reasonsFrom', () => {
  it('should say a model reasons once it took an effort or refused what reasoning models refuse, and not once it refused efforts', () => {
    expect(reasonsFrom(nothingKnown)).toBeNull();
    expect(reasonsFrom({ refused: {}, accepted: ['reasoning_effort=low'] })).toBe(true);
    expect(reasonsFrom(refused(['logit_bias', LOGIT]))).toBe(true);
    expect(reasonsFrom(refused(['reasoning_effort', 'x']))).toBe(false);
    expect(reasonsFrom({ refused: {}, accepted: ['temperature@unset', 'logit_bias'] })).toBeNull();
  });
});
