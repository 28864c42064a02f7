import { describe, expect, it } from 'vitest';
import { METRIC_CATALOGUE, directionNote, metricInfo, metricTitle } from './metric-info.js';

describe('the metric catalogue', () => {
  it('says map progress at first reduce is neither better nor worse, as NAS §IV reads it', () => {
    expect(metricInfo('mapProgressAtFirstReduce').direction).toBe('neither');
    expect(directionNote(metricInfo('mapProgressAtFirstReduce'))).toBe('neither better nor worse');
    expect(directionNote(metricInfo('executionTime.mean'))).toBe('lower is better');
  });

  it('gives human names, units and directions', () => {
    expect(metricInfo('executionTime.mean')).toMatchObject({
      label: 'Mean job execution time',
      unit: 's',
      direction: 'lower',
    });
    expect(metricTitle(metricInfo('throughput'))).toBe('Throughput (jobs/h)');
    expect(metricInfo('throughput').scale).toBe(3600);
    expect(metricInfo('executionTimeByShuffleClass.heavy.p95').label).toBe(
      '95th-percentile execution time, heavy-shuffle jobs',
    );
    expect(metricInfo('crossRackBytes.mapInput')).toMatchObject({
      label: 'Cross-rack map-input traffic',
      unit: 'GB',
      scale: 1e-9,
    });
    expect(metricInfo('steadyState.byClass.light.executionTime.mean').label).toBe(
      'Mean job execution time, light-shuffle jobs, steady state',
    );
    expect(metricInfo('steadyState.throughput')).toMatchObject({
      label: 'Throughput, steady state',
      unit: 'jobs/h',
    });
  });

  it('takes a new metric by a catalogue entry, and spells out one without', () => {
    const catalogue = [
      {
        pattern: 'linkSeconds.*',
        label: 'Congested time of $1 links',
        unit: 'link-s',
        direction: 'lower' as const,
      },
    ];
    expect(metricInfo('linkSeconds.uplink', catalogue).label).toBe('Congested time of uplink links');
    expect(metricInfo('steadyWindow.throughputPerHour', [])).toMatchObject({
      label: 'Steady window, throughput per hour',
      direction: 'neither',
    });
  });
});
