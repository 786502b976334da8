/**
 * Published outputs of other extractors (AEB's `output/<system>.json`), scored with the same
 * metric on the same pages as broadsheet, so a run compares it with systems that cannot run
 * here (trafilatura, newspaper, commercial APIs). Pure apart from reading the files.
 */
import { listAebSystems, readAebPredictions } from '../corpora/aeb.js';
import type { BenchCorpus, BenchPage } from '../corpora/types.js';
import { aggregate, pageScores, TOKENIZERS, type AggregateScores, type PageScore } from '../metrics.js';

export interface StoredPeerRun {
  system: string;
  version?: string;
  scores: AggregateScores;
  /** Per-page scores, in the order of the pages given. */
  pages: PageScore[];
  /** Pages whose stored body is empty (the system found nothing). */
  empty: number;
}

/** Every stored output of the corpus, scored on `pages`; none when the corpus has no outputs. */
export async function scoreStoredPeers(corpus: BenchCorpus, pages: readonly BenchPage[], bootstrap: { seed?: number; bootstrapSamples?: number } = {}): Promise<StoredPeerRun[]> {
  if (corpus.format !== 'aeb') return [];
  const tokenizer = TOKENIZERS[corpus.tokenization];
  const runs: StoredPeerRun[] = [];
  for (const system of await listAebSystems(corpus.dir)) {
    const predictions = await readAebPredictions(system, corpus.dir);
    const scores = pages.map((page) => pageScores(predictions.bodies.get(page.id) ?? '', page.truth.body, { tokenizer }));
    const run: StoredPeerRun = {
      system,
      scores: aggregate(scores, bootstrap),
      pages: scores,
      empty: pages.filter((page) => (predictions.bodies.get(page.id) ?? '').trim() === '').length,
    };
    if (predictions.version !== undefined) run.version = predictions.version;
    runs.push(run);
  }
  return runs;
}

export interface HeadToHead {
  system: string;
  /** Pages where broadsheet's F1 is higher by more than `margin`. */
  wins: number;
  losses: number;
  ties: number;
}

/** broadsheet against each stored system, page by page (a difference within `margin` is a tie). */
export function headToHead(broadsheet: readonly PageScore[], peers: readonly StoredPeerRun[], margin = 0.01): HeadToHead[] {
  return peers.map((peer) => {
    let wins = 0;
    let losses = 0;
    broadsheet.forEach((score, i) => {
      const d = score.f1 - peer.pages[i]!.f1;
      if (d > margin) wins++;
      else if (d < -margin) losses++;
    });
    return { system: peer.system, wins, losses, ties: broadsheet.length - wins - losses };
  });
}
