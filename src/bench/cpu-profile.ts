/**
 * Where Node's time goes, from V8 CPU profiles (`node --cpu-prof`, one file per thread: the main
 * thread and each page-work thread): every sample is given to the stage of the innermost frame
 * of the stack that belongs to a known module (so JSON.parse under the snapshot decoder is
 * decoding, turndown under the article builder is article building). Pure: profiles in, table out.
 */

/** The parts of a `.cpuprofile` file this reads (Chrome DevTools' Profile type). */
export interface CpuProfile {
  nodes: Array<{ id: number; callFrame: { functionName: string; url: string }; children?: number[] }>;
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

/**
 * Stages by the module a frame runs in: a path fragment of the script's URL (as compiled to
 * dist/, or the TypeScript source under tsx) → the stage's name, the names following the path of
 * a page (issue 26, item 1). A sample goes to the FIRST rule of this list that matches any frame
 * of its stack, so the more specific stages come first: JSON.parse under the snapshot decoder is
 * decoding, the block features under the block model are features, and what runs under the
 * page-work thread's message handler and matches nothing else is the thread hop. A stack that
 * matches no rule is 'other JavaScript'; V8's pseudo-frames are 'garbage collection' and
 * 'program (V8 and native)'.
 */
export const STAGE_OF_MODULE: ReadonlyArray<readonly [fragment: string, stage: string]> = [
  // Reading inputs: directory listing, file reads, gunzip, the HTML sniff.
  ['/input/', 'read'],
  // src/markup/: the one tokenizer pass that prepares a saved page (page-work thread).
  ['/markup/', 'markup preparation'],
  // The wire form's JSON.parse and rebuild (page-work thread).
  ['/render/snapshot-wire.', 'decode'],
  // The record and its JSON line, the --out file.
  ['/record/', 'serialise'],
  ['/cli/output.', 'serialise'],
  ['/cli/stdout.', 'serialise'],
  // Unit and block features (docs/methods.md §4) and the markup marks they read.
  ['/score/score-units.', 'features'],
  ['/score/block-features.', 'features'],
  ['/score/block-context.', 'features'],
  ['/score/markup-marks.', 'features'],
  // The fitted block model's passes (boosted trees, without and with the page's context).
  ['/score/block-model.', 'model passes'],
  ['/score/trees.', 'model passes'],
  ['/score/select.', 'selection'],
  ['/score/page-type.', 'page type'],
  ['/score/url-prior.', 'page type'],
  ['/segment/', 'segment'],
  ['/extract/page-budget.', 'page budget'],
  // The language identifier asked per page; its model's loading is start-up (below).
  ['/extract/text-language.', 'metadata'],
  ['/extract/metadata', 'metadata'],
  ['/extract/article.', 'article (text, HTML, Markdown)'],
  ['/extract/content-html.', 'article (text, HTML, Markdown)'],
  ['/extract/markdown.', 'article (text, HTML, Markdown)'],
  ['turndown', 'article (text, HTML, Markdown)'],
  ['fasttext', 'start-up (language model)'],
  // Playwright's client: DevTools protocol messages to and from Chromium, on the main thread.
  ['/playwright-core/', 'DevTools traffic (Playwright)'],
  ['/render/', 'render session'],
  ['/extract/', 'extract (other)'],
  // Messages between the main thread and the page-work threads (structured clone).
  ['/page-work/', 'thread hop'],
  ['node:internal/per_context/messageport', 'thread hop'],
  ['node:internal/worker', 'thread hop'],
  ['node:internal/fs/', 'read'],
  ['node:internal/modules', 'start-up (module loading)'],
  ['node:internal/bootstrap', 'start-up (module loading)'],
  ['node:internal/process/pre_execution', 'start-up (module loading)'],
  ['/cli/', 'CLI'],
  ['/node_modules/', 'libraries (other)'],
];

/** V8's pseudo-frames, which have no URL. */
const PSEUDO_STAGES: Readonly<Record<string, string | null>> = {
  '(idle)': null, // not CPU time
  '(garbage collector)': 'garbage collection',
  '(program)': 'program (V8 and native)',
  '(root)': 'program (V8 and native)',
};

export interface StageSplit {
  /** Milliseconds per stage (samples × their intervals), idle excluded. */
  ms: Map<string, number>;
  /** Sum of `ms`. */
  totalMs: number;
}

/**
 * The stage split of some profiles (one per thread), added up. Each sample counts as the
 * profile's sampling interval (the median of its time deltas), not as its own delta: a thread
 * the machine left waiting shows one long delta, which is not CPU time.
 */
export function stageSplit(profiles: readonly CpuProfile[]): StageSplit {
  const ms = new Map<string, number>();
  for (const profile of profiles) {
    const parentOf = new Map<number, number>();
    for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node.id);
    // Each node's best rule (lowest index) over its own frame and its callers', found top-down.
    const ruleOf = new Map<number, number>();
    const byId = new Map(profile.nodes.map((node) => [node.id, node]));
    const rule = (id: number): number => {
      const known = ruleOf.get(id);
      if (known !== undefined) return known;
      const chain: number[] = [];
      let current: number | undefined = id;
      let inherited = Number.POSITIVE_INFINITY;
      while (current !== undefined) {
        const cached = ruleOf.get(current);
        if (cached !== undefined) {
          inherited = cached;
          break;
        }
        chain.push(current);
        current = parentOf.get(current);
      }
      // From the outermost uncached frame inwards: each takes the better of its caller's and its own.
      for (let i = chain.length - 1; i >= 0; i -= 1) {
        const node = chain[i]!;
        inherited = Math.min(inherited, ruleIndexOfUrl(byId.get(node)?.callFrame.url ?? ''));
        ruleOf.set(node, inherited);
      }
      return inherited;
    };
    const interval = medianInterval(profile.timeDeltas);
    for (const sampleId of profile.samples) {
      const node = byId.get(sampleId);
      if (!node) continue;
      const name = node.callFrame.functionName;
      const pseudo = node.callFrame.url === '' && name in PSEUDO_STAGES ? PSEUDO_STAGES[name] : undefined;
      if (pseudo === null) continue; // idle
      const index = rule(node.id);
      const stage = pseudo ?? (Number.isFinite(index) ? STAGE_OF_MODULE[index]![1] : 'other JavaScript');
      ms.set(stage, (ms.get(stage) ?? 0) + interval / 1000);
    }
  }
  let totalMs = 0;
  for (const value of ms.values()) totalMs += value;
  return { ms, totalMs };
}

function ruleIndexOfUrl(url: string): number {
  if (url === '') return Number.POSITIVE_INFINITY;
  const index = STAGE_OF_MODULE.findIndex(([fragment]) => url.includes(fragment));
  return index < 0 ? Number.POSITIVE_INFINITY : index;
}

/** The sampling interval of a profile, µs: the median of its deltas (1000 when it has none). */
function medianInterval(deltas: readonly number[]): number {
  const positive = deltas.filter((d) => d > 0).sort((a, b) => a - b);
  return positive.length > 0 ? positive[Math.floor(positive.length / 2)]! : 1000;
}
