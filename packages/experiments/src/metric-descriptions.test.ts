import { describe, expect, it } from 'vitest';
import { metricNames } from './metric-catalogue.js';
import { METRIC_DESCRIPTIONS, describeMetric } from './metric-descriptions.js';

describe('metric descriptions', () => {
  it('describe only metrics a run reports', () => {
    const names = new Set(metricNames());
    for (const name of Object.keys(METRIC_DESCRIPTIONS)) expect(names.has(name), name).toBe(true);
  });

  it('answer undefined for an uncatalogued name', () => {
    expect(describeMetric('no.such.metric')).toBeUndefined();
    expect(describeMetric('congestion.linkSeconds')?.unit).toBe('link-s');
  });
});
