/**
 * What `--explain --screenshot` draws: every visual unit as a box coloured by its score
 * (blue = low, red = high), the chosen body units outlined. Pure.
 */
import type { Overlay } from '../render/session.js';
import type { Explanation } from './from-snapshot.js';

export function unitOverlays(explanation: Explanation): Overlay[] {
  const scores = explanation.units.map((u) => u.score);
  const min = Math.min(...scores);
  const max = Math.max(...scores);
  return explanation.units.map((u) => {
    const t = max > min ? (u.score - min) / (max - min) : 0.5;
    return {
      box: u.box,
      color: heat(t),
      label: `#${u.order} ${u.score.toFixed(2)}${u.included ? ' body' : ''}${u.order === explanation.seedOrder ? ' (seed)' : ''}`,
      outline: u.included,
    };
  });
}

/** 0 → blue, 0.5 → yellow, 1 → red. */
function heat(t: number): string {
  const hue = Math.round(240 - 240 * Math.max(0, Math.min(1, t)));
  return `hsl(${hue}, 90%, 50%)`;
}
