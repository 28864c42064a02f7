import { metricInfo } from '@rackwise/metrics';
import { describe, expect, it } from 'vitest';
import { metricNames } from './metric-catalogue.js';

describe('catalogue entries of the reproduction metrics', () => {
  const ours = metricNames().filter((n) =>
    /^(withoutDegenerate|throughputWhileArriving|mtsCongestedNodes|congestion\.(crossings|hysteresis|maxRack))/.test(
      n,
    ),
  );

  it('name every metric a run reports, with a direction', () => {
    expect(ours.length).toBeGreaterThan(10);
    for (const name of ours) {
      const info = metricInfo(name);
      expect(info.label, name).not.toBe(name);
      expect(['higher', 'lower', 'neither']).toContain(info.direction);
    }
  });

  it('say which way is better and in which unit', () => {
    expect(metricInfo('withoutDegenerate.throughput')).toMatchObject({ unit: 'jobs/h', direction: 'higher' });
    expect(metricInfo('congestion.maxRackLinkSeconds')).toMatchObject({ unit: 'link-s', direction: 'lower' });
    expect(metricInfo('mtsCongestedNodes.share').direction).toBe('lower');
  });
});
