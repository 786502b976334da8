/**
 * Segmentation parameters (docs/methods.md §3). α and β start where docs/methods.md §3 suggests; re-run the
 * sample tests and the benchmark after any change.
 */
export interface SegmentParams {
  /** α: a node is a *text node* when non-link text / text exceeds this (def. 10). */
  textDensityMin: number;
  /** β: a node is a *link node* when link text / text exceeds this (def. 11). */
  linkDensityMin: number;
}

export const DEFAULT_SEGMENT_PARAMS: Readonly<SegmentParams> = Object.freeze({
  textDensityMin: 0.7,
  linkDensityMin: 0.7,
});
