/** Edits of markup by offset, and their application. Pure. */

export interface Edit {
  /** Replaces `start`…`end` of the markup (`start === end`: an insertion) with `text`. */
  start: number;
  end: number;
  text: string;
  /** Requests the edit takes out of the page (inert subresources); counted when it is applied. */
  requests?: number;
}

/**
 * `html` with `edits` applied, and the requests the applied edits take out. Edits are taken in
 * order of their start (insertions before a replacement that starts where they are); an edit
 * that overlaps one already taken is skipped, so of two edits of the same range the one listed
 * first wins, and nothing inside a range cut whole is edited.
 */
export function applyEdits(html: string, edits: readonly Edit[]): { html: string; requests: number } {
  if (edits.length === 0) return { html, requests: 0 };
  const insertion = (edit: Edit): number => (edit.end === edit.start ? 0 : 1);
  const ordered = edits.map((edit, index) => ({ edit, index })).sort((a, b) => a.edit.start - b.edit.start || insertion(a.edit) - insertion(b.edit) || a.index - b.index);
  const parts: string[] = [];
  let at = 0;
  let requests = 0;
  for (const { edit } of ordered) {
    if (edit.start < at) continue;
    parts.push(html.slice(at, edit.start), edit.text);
    at = edit.end;
    requests += edit.requests ?? 0;
  }
  parts.push(html.slice(at));
  return { html: parts.join(''), requests };
}
