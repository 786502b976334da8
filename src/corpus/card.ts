/**
 * The dataset card: a Markdown README for the output directory with counts per stage, languages,
 * sites, the length histogram (also drawn as lengths.svg) and the largest duplicate clusters.
 * Pure: returns the texts; the CLI writes them.
 */
import { QUALITY_RULES } from './quality-rules.js';
import type { Manifest } from './shards.js';
import { LENGTH_BUCKETS, sumChunks } from './stats.js';

function bucketLabel(i: number): string {
  const low = i === 0 ? 0 : LENGTH_BUCKETS[i - 1]!;
  const high = LENGTH_BUCKETS[i]!;
  return high === Infinity ? `${low}+` : `${low}–${high - 1}`;
}

function top(counts: Record<string, number>, n: number): Array<[string, number]> {
  return Object.entries(counts).sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).slice(0, n);
}

/** A bar chart of the length histogram as a small standalone SVG. */
export function lengthHistogramSvg(lengths: readonly number[]): string {
  const width = 480;
  const barHeight = 22;
  const max = Math.max(1, ...lengths);
  const rows = lengths.map((n, i) => {
    const w = Math.round((n / max) * 300);
    const y = 10 + i * (barHeight + 6);
    return `<text x="90" y="${y + 15}" text-anchor="end" font-size="12">${bucketLabel(i)}</text><rect x="100" y="${y}" width="${w}" height="${barHeight}" fill="#4a78b5"/><text x="${106 + w}" y="${y + 15}" font-size="12">${n}</text>`;
  });
  const height = 20 + lengths.length * (barHeight + 6);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" font-family="sans-serif">${rows.join('')}</svg>\n`;
}

export function datasetCard(manifest: Manifest, extra: { title?: string; elapsedMs?: number } = {}): string {
  const t = sumChunks(manifest.chunks);
  const pct = (n: number, of: number): string => (of === 0 ? '0 %' : `${((100 * n) / of).toFixed(1)} %`);
  const lines: string[] = [];
  lines.push(`# ${extra.title ?? 'Corpus'}`, '');
  lines.push(`Built by \`broadsheet corpus\` from ${(manifest.settings.inputs as string[]).map((i) => `\`${i}\``).join(', ')}.`);
  lines.push(`${t.kept} documents in ${manifest.chunks.length} shard(s) (${(manifest.settings.formats as string[]).join(', ')}); one record per document with its text, title, URL, date, language and confidence, site, the extractor's page type and confidence, opt-out flags and every quality measure.`, '');
  lines.push('## Stages', '', '| stage | documents | share of read |', '|---|---:|---:|');
  const skipped = Object.values(t.skipped).reduce((a, b) => a + b, 0);
  const failed = Object.values(t.failed).reduce((a, b) => a + b, 0);
  lines.push(`| records read | ${t.inputs} | |`);
  lines.push(`| skipped records (${top(t.skipped, 10).map(([k, v]) => `${k} ${v}`).join(', ') || 'none'}) | ${skipped} | |`);
  lines.push(`| failed (${top(t.failed, 10).map(([k, v]) => `${k} ${v}`).join(', ') || 'none'}) | ${failed} | |`);
  lines.push(`| documents (pages and articles) | ${t.documents} | 100 % |`);
  lines.push(`| no article found | −${t.noArticle} | ${pct(t.noArticle, t.documents)} |`);
  lines.push(`| opt-outs removed (TDM reserved ${t.optOut.tdmReserved}, robots.txt AI disallow ${t.optOut.robotsDisallow}; enforced: ${manifest.settings.enforceOptOuts ? 'yes' : 'no'}) | −${t.optOut.removed} | ${pct(t.optOut.removed, t.documents)} |`);
  lines.push(`| language filter | −${t.languageRemoved} | ${pct(t.languageRemoved, t.documents)} |`);
  lines.push(`| quality filters | −${t.qualityRemoved} | ${pct(t.qualityRemoved, t.documents)} |`);
  lines.push(`| exact duplicates | −${t.exactDuplicates} | ${pct(t.exactDuplicates, t.documents)} |`);
  lines.push(`| near-duplicates (MinHash, similarity ≥ ${(manifest.settings.dedup as { similarity: number }).similarity}) | −${t.nearDuplicates} | ${pct(t.nearDuplicates, t.documents)} |`);
  lines.push(`| **kept** | **${t.kept}** | ${pct(t.kept, t.documents)} |`, '');
  lines.push('## Quality rules', '', 'A document is removed if it fails any rule; one document may fail several.', '', '| rule | keep when | failed |', '|---|---|---:|');
  for (const rule of QUALITY_RULES) {
    const range = [rule.min !== undefined ? `≥ ${rule.min}` : '', rule.max !== undefined ? `≤ ${rule.max}` : ''].filter(Boolean).join(', ');
    lines.push(`| ${rule.name} | ${rule.measure} ${range}${rule.languages ? ` (${rule.languages.join(', ')} only)` : ''} | ${t.qualityFailures[rule.name] ?? 0} |`);
  }
  lines.push('', '## Languages (fastText lid.176)', '', '| language | documents |', '|---|---:|');
  for (const [k, v] of top(t.languages, 30)) lines.push(`| ${k} | ${v} |`);
  lines.push('', '## Sites', '', '| site | documents |', '|---|---:|');
  for (const [k, v] of top(t.sites, 30)) lines.push(`| ${k} | ${v} |`);
  if (Object.keys(t.sites).length > 30) lines.push(`| … ${Object.keys(t.sites).length - 30} more | |`);
  lines.push('', '## Length (words)', '', '![length histogram](lengths.svg)', '', '| words | documents |', '|---|---:|');
  t.lengths.forEach((n, i) => lines.push(`| ${bucketLabel(i)} | ${n} |`));
  lines.push('', '## Largest near-duplicate clusters', '', 'Kept document and how many near-copies of it were removed.', '', '| kept document | removed copies |', '|---|---:|');
  const clusters = top(t.duplicateClusters, 10);
  for (const [k, v] of clusters) lines.push(`| ${k} | ${v} |`);
  if (clusters.length === 0) lines.push('| (none) | 0 |');
  lines.push('', '## Time per stage', '', '| stage | seconds | share |', '|---|---:|---:|');
  const totalMs = Object.values(t.timeMs).reduce((a, b) => a + b, 0);
  for (const [k, v] of top(t.timeMs, 20)) lines.push(`| ${k} | ${(v / 1000).toFixed(1)} | ${pct(v, totalMs)} |`);
  lines.push('', 'Resumable: `manifest.json` lists the finished shards; running the same command again goes on after the last one.', '');
  return lines.join('\n');
}
