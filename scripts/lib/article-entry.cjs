// A section as an article template holds it: the entry POST/PUT /api/articles takes, a snapshot of
// the section's prompts, model, temperature, bias list, reasoning effort and example set. One mapping for the tests (TypeScript)
// and the demo and benchmarks (plain JavaScript); `overrides` changes any field.

/**
 * @param {{ _id: string, name: string, system_message: string, user_message: string, model: string, temperature: number, logit_bias_group: string | null, reasoning_effort?: string | null, examples_model?: string | null, examples_count?: number }} section
 * @param {Record<string, unknown>} [overrides]
 */
function articleEntry(section, overrides = {}) {
  return {
    section: section._id,
    heading: section.name,
    systemPrompt: section.system_message,
    userPrompt: section.user_message,
    model: section.model,
    temperature: section.temperature,
    logit_bias_group: section.logit_bias_group,
    reasoning_effort: section.reasoning_effort ?? null,
    examples_model: section.examples_model ?? null,
    examples_count: section.examples_count ?? 3,
    ...overrides,
  };
}

module.exports = { articleEntry };
