import { METRIC_CATALOGUE, metricInfo } from '@rackwise/metrics';
import { describe, expect, it } from 'vitest';
import { metricNames } from './metric-catalogue.js';
import { SW_EC2_PRESET } from './presets/shufflewatcher-presets.js';

describe('the metric catalogue over the presets', () => {
  it('names every metric a run reports, none spelled out from its raw key', () => {
    const fallbacks = metricNames(SW_EC2_PRESET).filter(
      (name) =>
        !METRIC_CATALOGUE.some((e) => e.pattern.split('.').length === name.split('.').length) &&
        !name.startsWith('steadyState.'),
    );
    expect(fallbacks).toEqual([]);
    for (const name of metricNames(SW_EC2_PRESET)) {
      const info = metricInfo(name);
      expect(info.label, name).not.toMatch(/[.]|[a-z][A-Z]/);
      expect(info.label.length, name).toBeGreaterThan(3);
    }
  });
});
