import type { CollectedResults } from './collect.js';

export function renderMarkdown(results: CollectedResults): {
  markdown: string;
  charts: Record<string, string>;
} {
  return { markdown: `# Network validation\n\n${results.scenarios.length} scenarios\n`, charts: {} };
}
