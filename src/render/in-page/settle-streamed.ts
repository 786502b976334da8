/**
 * Settles content that a streaming server left for a script to put in place. Runs INSIDE
 * Chromium, before the layout collector, under the same rules (no runtime imports, no
 * references outside the function; see collect-layout.ts).
 *
 * Streaming server rendering (React's Fizz, used by Next.js and others) sends a page in order
 * of readiness: where a part is not ready, the HTML holds a fallback (a spinner, a skeleton)
 * between `<!--$?--><template id="B:0"></template>` and `<!--/$-->`; the part itself comes later
 * in the same document as `<div hidden id="S:0">…</div>`, followed by an inline script
 * `$RC("B:0","S:0")` that moves it into place. With scripts off (saved pages are rendered
 * offline, scripts off) the article stays in the hidden div and the reader's page shows only
 * the fallback: on WCXB-dev 33 of 1,497 pages are built this way, and on several of them the
 * whole article body was hidden.
 *
 * This applies the instructions as the scripts would, without running any script: it reads the
 * calls from the inline scripts' text (and from the data attributes of the external-runtime
 * form), in document order:
 * - complete boundary, `$RC(boundary, content)` or `$RR(boundary, content, styles)`: the nodes
 *   of the boundary's fallback (from its `<template>` to the matching `<!--/$-->`, nested
 *   boundaries counted) are replaced by the content's children;
 * - complete segment, `$RS(content, placeholder)`: the content's children replace the
 *   placeholder `<template>`.
 * A segment that no instruction names (a saved copy without its inline scripts) completes the
 * boundary or placeholder of the same number. Returns how many instructions were applied. A page
 * that holds no `S:` segment costs one query.
 */
export function settleStreamedContent(): number {
  if (document.querySelector('[id^="S:"]') === null) return 0;

  interface Instruction {
    kind: 'boundary' | 'segment';
    /** `B:…` for a boundary, `P:…` for a segment's placeholder. */
    target: string;
    /** `S:…`: the hidden element that holds the content. */
    content: string;
  }
  const instructions: Instruction[] = [];
  const CALL = /\$R([CRS])\(\s*["']([^"']+)["']\s*,\s*["']([^"']+)["']/g;
  const carriers = document.querySelectorAll('script, template[data-rci], template[data-rri], template[data-rsi]');
  for (const carrier of Array.from(carriers)) {
    if (carrier.localName === 'template') {
      const content = carrier.getAttribute('data-sid');
      if (carrier.hasAttribute('data-rsi')) {
        const placeholder = carrier.getAttribute('data-pid');
        if (content && placeholder) instructions.push({ kind: 'segment', target: placeholder, content });
      } else {
        const boundary = carrier.getAttribute('data-bid');
        if (content && boundary) instructions.push({ kind: 'boundary', target: boundary, content });
      }
      continue;
    }
    const text = carrier.textContent ?? '';
    if (!text.includes('$R')) continue;
    for (const match of text.matchAll(CALL)) {
      const [, op, first, second] = match;
      if (!first || !second) continue;
      if (op === 'S') instructions.push({ kind: 'segment', target: second, content: first });
      else instructions.push({ kind: 'boundary', target: first, content: second });
    }
  }

  // Saved copies often lose their inline scripts (savers and archives strip them) while the
  // hidden segments stay. React numbers a boundary, or a placeholder, and the segment that
  // completes it alike (`$RC("B:4","S:4")`, `$RS("S:9","P:9")`: every page of WCXB-dev that kept
  // its scripts does), so a segment left without an instruction goes where its number points.
  const named = new Set(instructions.map((i) => i.content));
  for (const segment of Array.from(document.querySelectorAll('[id^="S:"]'))) {
    if (named.has(segment.id)) continue;
    const suffix = segment.id.slice(2);
    if (document.getElementById(`B:${suffix}`)) instructions.push({ kind: 'boundary', target: `B:${suffix}`, content: segment.id });
    else if (document.getElementById(`P:${suffix}`)) instructions.push({ kind: 'segment', target: `P:${suffix}`, content: segment.id });
  }

  const isComment = (node: Node | null, data?: string): boolean =>
    node !== null && node.nodeType === Node.COMMENT_NODE && (data === undefined || (node as Comment).data === data);
  const OPENERS = new Set(['$', '$?', '$!', '$~']);

  /** Siblings looked through for a boundary's end marker, at most. */
  const MAX_SCAN = 10_000;
  /** An unmarked fallback is one element of at most this many characters of text. */
  const MAX_FALLBACK_CHARS = 80;
  /** The boundary's end marker (`<!--/$-->` at its depth) after its template; undefined when none. */
  const boundaryEnd = (target: Node): Node | undefined => {
    let depth = 0;
    let scanned = 0;
    for (let node: Node | null = target.nextSibling; node && scanned < MAX_SCAN; node = node.nextSibling, scanned++) {
      if (!isComment(node)) continue;
      const data = (node as Comment).data;
      if (data === '/$') {
        if (depth === 0) return node;
        depth -= 1;
      } else if (OPENERS.has(data)) {
        depth += 1;
      }
    }
    return undefined;
  };

  let applied = 0;
  for (const instruction of instructions) {
    const content = document.getElementById(instruction.content);
    const target = document.getElementById(instruction.target);
    if (!content || !target || !target.parentNode) continue;
    const parent = target.parentNode;
    if (instruction.kind === 'segment') {
      while (content.firstChild) parent.insertBefore(content.firstChild, target);
      target.remove();
      content.remove();
      applied += 1;
      continue;
    }
    // A boundary: remove the fallback up to the matching end marker, then put the content there.
    const opener = target.previousSibling;
    const end = boundaryEnd(target);
    let node: Node | null = target;
    if (end === undefined) {
      // No end marker (a saved copy without its comments): the fallback is not delimited, and
      // sweeping to the end of the parent took the next boundaries and the content between
      // them (fool.com's article: 13 of 33 segments left hidden, 62 % of the words). The
      // content goes where the boundary's template is; the element after it goes only when it
      // is a fallback's size ("Loading paragraph...", a spinner).
      const fallback = target.nextElementSibling;
      if (fallback && fallback.localName !== 'template' && (fallback.textContent ?? '').trim().length <= MAX_FALLBACK_CHARS && fallback.querySelector('template, img, video, iframe') === null) fallback.remove();
      node = target.nextSibling;
      target.remove();
    } else {
      while (node && node !== end) {
        const next: Node | null = node.nextSibling;
        parent.removeChild(node);
        node = next;
      }
    }
    while (content.firstChild) parent.insertBefore(content.firstChild, node);
    content.remove();
    if (opener && isComment(opener)) (opener as Comment).data = '$';
    applied += 1;
  }
  return applied;
}
