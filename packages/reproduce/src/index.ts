/**
 * @rackwise/reproduce — the papers' claims as registries of checkable statements, the
 * grid of runs that tests them, and the reproduction map (JSON, Markdown and HTML) that says
 * which claims hold (docs/architecture.md §6, §10). The runs are `@rackwise/experiments`'
 * presets; a new paper plugs in with `registerPaperClaims`.
 */
export {
  claimApplies,
  comparisonClaim,
  crossCells,
  lossCell,
  onlyIn,
  presetCell,
} from './paper-claims.js';
export type {
  Claim,
  ClaimExpectation,
  GridCell,
  LoadAxis,
  PaperClaims,
  ReproductionGrid,
} from './paper-claims.js';
export { evaluateClaim, satisfies } from './evaluate-claim.js';
export type { ClaimOutcome, ClaimRuns, ClaimVerdict } from './evaluate-claim.js';
export { paperClaims, registerPaperClaims, reproduciblePapers } from './claim-registry.js';
export { NAS_CLAIMS, NAS_PAPER, NAS_READINGS } from './nas-claims.js';
export { SHUFFLEWATCHER_CLAIMS, SHUFFLEWATCHER_PAPER } from './shufflewatcher-claims.js';
export { SHADOW_CLAIMS, SHADOW_PAPER } from './shadow-claims.js';
export { FCS_CLAIMS, FCS_PAPER, FCS_READINGS, FCS_WORK_CONSERVING } from './fcs-claims.js';
export { REPRODUCTION_FORMAT, operatingPoint, reproducePaper } from './reproduce-paper.js';
export { cellPreset, gridSimulations, reproductionGrid } from './reproduce-grid.js';
export type { GridChoice } from './reproduce-grid.js';
export { RUN_RECORD_FORMAT, readRun, simulateBatch, writeRun } from './grid-runs.js';
export type { GridProgress, RunBatch, RunRecord, SimulationRunner } from './grid-runs.js';
export { gridBatches, reproduceShard } from './grid-shards.js';
export {
  SEQUENTIAL_RULE,
  checkedRule,
  claimDecision,
  lookConfidence,
  ruleLooks,
  sequentialInterval,
  sequentialStop,
} from './sequential-interval.js';
export type {
  SequentialDecision,
  SequentialInterval,
  SequentialRule,
  SequentialStop,
} from './sequential-interval.js';
export type { CellSeeds } from './adaptive-seeds.js';
export type { GridShard, PlannedBatch, ShardOptions, ShardOutcome } from './grid-shards.js';
export { NETWORK_MODEL_PARAMETERS, gridModel, gridTraces, modelDifferences } from './map-provenance.js';
export type {
  MapProvenance,
  ModelValue,
  NetworkModel,
  ProvenancedMap,
  TraceRecord,
} from './map-provenance.js';
export {
  ARRIVAL_RATE_AXIS,
  CALIBRATION_SEEDS,
  LOAD_STEPS,
  OFFERED_LOAD_AXIS,
  RATE_STEPS,
  loadCell,
  median,
  offeredLoadOf,
  presetAtLoad,
  rateCell,
  traceWindow,
} from './load-steps.js';
export type { LoadKnob } from './load-steps.js';
export { defaultReading, defaultSeries, halfWidth95, mapSeries, outcomeAt } from './map-series.js';
export type { MapSeries, SeriesColumn } from './map-series.js';
export {
  claimAlongSeries,
  differBeyondSpread,
  readingEffects,
  signedPercent,
  towardClaim,
} from './map-in-words.js';
export {
  claimsTally,
  countWord,
  headlinesInWords,
  listText,
  paperInWords,
  readingsInWords,
  shortName,
} from './plain-words.js';
export { paperItem, paperItemAlone, plainWordsList, principalMap } from './plain-words-list.js';
export { paperSummary } from './paper-summary.js';
export type { ReadingEffect, ReadingMove } from './map-in-words.js';
export type { ClaimMap, OperatingPoint, ReproduceOptions, ReproductionMap } from './reproduce-paper.js';
export { reproductionHtml } from './reproduction-html.js';
export { compareTraces, mapTrace, traceComparisons } from './trace-agreement.js';
export { mapHeading, traceComparisonSummary, traceComparisonWords } from './trace-agreement-text.js';
export type {
  ClaimAgreement,
  TraceAgreementKind,
  TraceComparison,
  VerdictDifference,
} from './trace-agreement.js';
export {
  hasPaperSection,
  reproductionDocument,
  reproductionMapMarkdown,
  updateReproductionDocument,
} from './reproduction-markdown.js';
export { headlinesAtAGlance } from './headlines-at-a-glance.js';
