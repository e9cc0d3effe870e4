import { expect, test } from './lane';
import { signInWithGoogle } from './helpers';
import { GOOGLE_APP_URL } from './ports';

/**
 * The operator on the Google-mode server has no sections, models or bias lists (no other spec
 * makes any for them), so these screens show their empty states whatever order the specs run in.
 */
test.describe('Empty states', () => {
  test.beforeEach(async ({ page }) => {
    await signInWithGoogle(page);
  });

  test('shows "No sections found."', async ({ page }) => {
    await page.goto(`${GOOGLE_APP_URL}/sections`);
    await expect(page.getByText('No sections found.')).toBeVisible();
  });

  test('shows the three Models tables empty with their empty states', async ({ page }) => {
    await page.goto(`${GOOGLE_APP_URL}/models`);
    await expect(page.getByRole('heading', { name: 'Models', exact: true })).toBeVisible();
    await expect(page.getByText('No models found.')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Fine Tuning Jobs' })).toBeVisible();
    await expect(page.getByText('No fine tuning jobs yet.')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Training Data Collection Jobs' })).toBeVisible();
  });

  test('shows the Evaluations list empty, with where to start one', async ({ page }) => {
    await page.goto(`${GOOGLE_APP_URL}/evaluations`);
    await expect(page.getByText('No evaluations yet. Evaluate a model from its row in Current Models.')).toBeVisible();
  });

  test('shows "No bias word lists found."', async ({ page }) => {
    await page.goto(`${GOOGLE_APP_URL}/biaswords`);
    await expect(page.getByText('No bias word lists found.')).toBeVisible();
  });
});
