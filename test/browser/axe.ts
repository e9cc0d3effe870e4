import AxeBuilder from '@axe-core/playwright';
import { readFileSync } from 'node:fs';
import type { Page } from './lane';

/** WCAG 2.1 A and AA, as axe-core tags them. */
const WCAG_21_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/**
 * The project's own axe-core (package.json), not the older copy @axe-core/playwright bundles: in
 * that one some WCAG 2.1 rules are still "experimental" and left out of a run by tags — among them
 * `label-content-name-mismatch` (2.5.3, Label in Name), which a control named otherwise than its
 * visible text fails.
 */
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

/** axe's WCAG 2.1 A/AA findings on the page as it is now: one line per rule and element, empty when none. */
export async function violations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page, axeSource: AXE_SOURCE }).withTags(WCAG_21_AA).analyze();
  return results.violations.flatMap((v) => v.nodes.map((node) => `${v.id}: ${node.target.join(' ')} — ${node.failureSummary?.split('\n').join(' ')}`));
}
