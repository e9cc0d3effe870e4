import { APIRequestContext, expect, Page, test } from './lane';
import { randomBytes } from 'node:crypto';
import { answerDialogs, shot, signIn, useOpenAiSimulator } from './helpers';
import { OPENAI_FAKE_URL } from './ports';

async function post(request: APIRequestContext, url: string, data: unknown) {
  const res = await request.post(url, { data });
  expect(res.ok(), `${url}: ${res.status()} ${await res.text()}`).toBe(true);
  return res.json();
}

/** A model on `base`, a section on it and an article template of that section, made through the API. */
async function inUse(page: Page, base: string, tag: string) {
  const model = await post(page.request, '/api/models', { name: `On ${base} ${tag}`, base_model: base });
  const section = await post(page.request, '/api/sections', {
    name: `Intro ${base} ${tag}`,
    model: model._id,
    temperature: 0.5,
    logit_bias_group: null,
    system_message: 'You introduce.',
    user_message: 'Introduce {{title}}.',
  });
  const article = await post(page.request, '/api/articles', {
    article_title: `Guide ${base} ${tag}`,
    article_type: `Guide ${tag}`,
    sections: [
      { section: section._id, heading: section.name, systemPrompt: 'You introduce.', userPrompt: 'Introduce {{title}}.', model: model._id, temperature: 0.5 },
    ],
  });
  return { model, section, article };
}

const banner = (page: Page) => page.getByRole('region', { name: 'Models that OpenAI stops' });

test.describe('Models OpenAI stops: the dates, Home’s warning and replacing a model in one step', () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page);
    await useOpenAiSimulator(page);
  });
  test('warns on Home, shows the dates beside the models, and replaces a model everywhere it writes after offering to compare both', async ({ page }) => {
    const tag = randomBytes(3).toString('hex');
    const { model, section, article } = await inUse(page, 'gpt-4o', tag);
    const luna = await post(page.request, '/api/models', { name: `Luna ${tag}`, base_model: 'gpt-6-luna' });

    await page.goto('/');
    await expect(banner(page)).toContainText(`gpt-4o (On gpt-4o ${tag}) stops on 2027-01-14: 1 section(s) and 1 article template(s) write with it.`);
    await shot(page, 'model-lifecycle-home');

    // The dates beside the model: the sections list, the section form, the Models table.
    await page.goto('/sections');
    await expect(page.getByRole('row').filter({ hasText: section.name })).toContainText('stops 2027-01-14');
    await page.goto(`/sections/edit/${section._id}`);
    await expect(page.getByText('OpenAI stops gpt-4o on 2027-01-14.')).toBeVisible();
    await page.goto('/models');
    const row = page
      .getByRole('table', { name: 'Models' })
      .getByRole('row')
      .filter({ has: page.getByRole('cell', { name: model.name, exact: true }) });
    await expect(row).toContainText('stops 2027-01-14');

    // From Home's warning to the Replace dialog.
    await page.goto('/');
    await banner(page)
      .getByRole('link', { name: `Replace it: On gpt-4o ${tag}` })
      .click();
    await expect(page).toHaveURL(new RegExp(`/models\\?replace=${model._id}$`));
    const dialog = page.getByRole('dialog', { name: `Replace On gpt-4o ${tag}` });
    await expect(dialog).toContainText('1 section(s) and 1 article template(s) write with it.');
    await expect(dialog.getByRole('button', { name: 'Replace' })).toBeDisabled();
    await dialog.getByRole('combobox', { name: 'Replace with' }).click();
    await page.getByRole('option', { name: new RegExp(`^Luna ${tag} \\(gpt-6-luna\\)`) }).click();
    // The side-by-side preview of both is offered first: it opens the article's Try page with both models chosen.
    const compare = dialog.getByRole('link', { name: `Compare both on "${article.article_title}" first` });
    await expect(compare).toHaveAttribute('href', `/articles/${article._id}/try?models=${encodeURIComponent(`${model._id},${luna._id}`)}`);
    await shot(page, 'model-lifecycle-replace');
    await compare.click();
    await expect(page.getByRole('combobox', { name: 'Model' })).toHaveText(model.name);
    await expect(page.getByRole('combobox', { name: 'Compare with' })).toHaveText(luna.name);

    await page.goto(`/models?replace=${model._id}`);
    await dialog.getByRole('combobox', { name: 'Replace with' }).click();
    await page.getByRole('option', { name: new RegExp(`^Luna ${tag}`) }).click();
    await dialog.getByRole('button', { name: 'Replace' }).click();
    await expect(page.getByText(`Moved 1 section(s) and 1 article template(s) to Luna ${tag}.`)).toBeVisible();
    await expect(dialog).toBeHidden();
    expect((await (await page.request.get(`/api/sections/${section._id}`)).json()).model).toBe(luna._id);
    expect((await (await page.request.get(`/api/articles/${article._id}`)).json()).sections[0].model).toBe(luna._id);
    await page.goto('/');
    await expect(page.getByRole('button', { name: 'OpenAI Settings' })).toBeVisible();
    await expect(banner(page).getByRole('link', { name: `Replace it: On gpt-4o ${tag}` })).toHaveCount(0);
  });

  test("says in the fine-tune dialog that OpenAI refused the account, and downloads a model's examples as JSONL", async ({ page }) => {
    const tag = randomBytes(3).toString('hex');
    const model = await post(page.request, '/api/models', { name: `Tunable ${tag}`, base_model: 'gpt-4o' });
    for (let n = 1; n <= 10; n++) {
      await post(page.request, `/api/models/${model._id}/add-example`, {
        example: {
          messages: [
            { role: 'system', content: 'You conclude.' },
            { role: 'user', content: `Conclude ${n}.` },
            { role: 'assistant', content: `In short, ${n}.` },
          ],
          clusterId: 0,
          uuid: `${tag}-${n}`,
          article_uuid: null,
        },
      });
    }
    const words = 'Your organization cannot create new fine-tuning jobs: self-serve fine-tuning is being wound down.';
    await post(page.request, `${OPENAI_FAKE_URL}/__fake/config`, { fineTuningRefusal: words });
    answerDialogs(page, []);
    await page.goto('/models');
    const row = page
      .getByRole('table', { name: 'Models' })
      .getByRole('row')
      .filter({ has: page.getByRole('cell', { name: model.name, exact: true }) });
    await row.getByRole('button', { name: 'Fine-tune' }).click();
    const dialog = page.getByRole('dialog', { name: 'Fine-tune model' });
    await expect(dialog.getByRole('alert')).toHaveCount(0);
    await dialog.getByRole('button', { name: 'Fine-tune' }).click();
    await expect(dialog.getByRole('alert')).toHaveText(`Failed to start fine-tune: OpenAI: refused to create the fine-tune job: ${words}`);
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    // Before the next start, the dialog says so.
    await page.reload();
    await row.getByRole('button', { name: 'Fine-tune' }).click();
    await expect(dialog).toContainText(`OpenAI refused to create a fine-tuning job for your account on`);
    await expect(dialog).toContainText(words);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await post(page.request, `${OPENAI_FAKE_URL}/__fake/config`, { fineTuningRefusal: null });

    const downloading = page.waitForEvent('download');
    await row.getByRole('button', { name: 'Examples' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(`Tunable ${tag}.jsonl`);
    const lines = (await (await download.createReadStream()).toArray()).join('').trim().split('\n');
    expect(lines).toHaveLength(10);
    expect(JSON.parse(lines[0])).toEqual({
      messages: [
        { role: 'system', content: 'You conclude.' },
        { role: 'user', content: 'Conclude 1.' },
        { role: 'assistant', content: 'In short, 1.' },
      ],
    });
  });
});
