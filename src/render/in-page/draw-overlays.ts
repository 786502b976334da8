/**
 * Runs INSIDE Chromium: draws labelled boxes over the page for a screenshot, or removes them.
 * Same rules as collect-layout.ts: no runtime imports, nothing from outside the function.
 */
import type { Box } from '../../types.js';

export interface PageOverlay {
  box: Box;
  /** Any CSS colour. */
  color: string;
  label?: string;
  /** A thick outline instead of a thin border (e.g. the chosen article body). */
  outline?: boolean;
}

/** Draws `overlays` (page coordinates) above everything; `overlays: null` removes them. */
export function drawOverlays(overlays: PageOverlay[] | null): number {
  const containerId = '__broadsheet_overlays__';
  const LABEL_HEIGHT_PX = 16;
  document.getElementById(containerId)?.remove();
  if (overlays === null) return 0;

  const container = document.createElement('div');
  container.id = containerId;
  container.style.cssText =
    'position:absolute;left:0;top:0;width:0;height:0;margin:0;padding:0;border:0;' +
    'z-index:2147483647;pointer-events:none;transform:none;';
  for (const overlay of overlays) {
    const { x, y, width, height } = overlay.box;
    const frame = document.createElement('div');
    frame.style.cssText =
      `position:absolute;left:${x}px;top:${y}px;width:${width}px;height:${height}px;` +
      'box-sizing:border-box;margin:0;padding:0;';
    frame.style.border = `${overlay.outline ? 5 : 1}px solid`;
    frame.style.borderColor = overlay.color;

    const fill = document.createElement('div');
    fill.style.cssText = 'position:absolute;left:0;top:0;right:0;bottom:0;opacity:0.18;';
    fill.style.backgroundColor = overlay.color;
    frame.append(fill);

    if (overlay.label) {
      const tag = document.createElement('div');
      tag.textContent = overlay.label;
      // Above the box, so it does not hide the box's first line; inside when at the very top.
      const place = y >= LABEL_HEIGHT_PX ? `bottom:100%;` : 'top:0;';
      tag.style.cssText =
        `position:absolute;left:-1px;${place}height:${LABEL_HEIGHT_PX}px;padding:0 4px;color:#fff;` +
        'white-space:nowrap;font:bold 11px/16px monospace;max-width:none;box-sizing:border-box;';
      tag.style.backgroundColor = overlay.color;
      frame.append(tag);
    }
    container.append(frame);
  }
  document.documentElement.append(container);
  return overlays.length;
}
