import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const require = createRequire(import.meta.url);
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  /** CSS selectors of the offending nodes, with axe's summary of each. */
  nodes: string[];
}

/**
 * Runs axe-core (from node_modules, injected through the devtools protocol so the
 * page's CSP does not apply) over the page and returns its violations.
 */
export async function axeScan(page: Page): Promise<AxeViolation[]> {
  const loaded = await page.evaluate(() => 'axe' in window);
  if (!loaded) await page.evaluate(AXE_SOURCE);
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: AxeRunner }).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations.map((violation) => ({
      id: violation.id,
      impact: violation.impact ?? null,
      help: violation.help,
      nodes: violation.nodes.map((node) => `${node.target.join(' ')}: ${node.failureSummary ?? ''}`),
    }));
  });
}

/** The violations a release may not ship with. */
export function seriousViolations(violations: AxeViolation[]): AxeViolation[] {
  return violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
}

/** The slice of axe-core's API the scan uses (the page-side global). */
interface AxeRunner {
  run(
    context: Document,
    options: { resultTypes: string[] },
  ): Promise<{
    violations: {
      id: string;
      impact?: string | null;
      help: string;
      nodes: { target: string[]; failureSummary?: string }[];
    }[];
  }>;
}
