import { FCS_PAPER } from './fcs-claims.js';
import { NAS_PAPER } from './nas-claims.js';
import type { PaperClaims } from './paper-claims.js';
import { SHADOW_PAPER } from './shadow-claims.js';
import { SHUFFLEWATCHER_PAPER } from './shufflewatcher-claims.js';

const PAPERS = new Map<string, PaperClaims>([
  [NAS_PAPER.paper, NAS_PAPER],
  [SHUFFLEWATCHER_PAPER.paper, SHUFFLEWATCHER_PAPER],
  [SHADOW_PAPER.paper, SHADOW_PAPER],
  [FCS_PAPER.paper, FCS_PAPER],
]);

/**
 * Adds a paper's claims to `rackwise reproduce`. A paper is a `PaperClaims`: its claims
 * (`comparisonClaim`, `onlyIn` for a claim about one workload), the policies every cell
 * runs, and quick and full grids (`crossCells` of axes such as `presetCell`, `lossCell`);
 * the built-in ones are registered here, others call this.
 * @throws Error when a paper of that name is registered already.
 */
export function registerPaperClaims(paper: PaperClaims): void {
  if (PAPERS.has(paper.paper))
    throw new Error(`registerPaperClaims: paper ${JSON.stringify(paper.paper)} is registered already`);
  PAPERS.set(paper.paper, paper);
}

/** Names of the papers whose claims can be reproduced. */
export function reproduciblePapers(): readonly string[] {
  return [...PAPERS.keys()];
}

/**
 * A registered paper's claims.
 * @throws Error naming the known papers when it is unknown.
 */
export function paperClaims(name: string): PaperClaims {
  const paper = PAPERS.get(name);
  if (paper === undefined) {
    throw new Error(
      `unknown paper ${JSON.stringify(name)}; known papers: ${reproduciblePapers().join(', ')}`,
    );
  }
  return paper;
}
