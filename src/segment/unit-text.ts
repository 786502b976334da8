/**
 * Plain text of a set of subtrees, with the block structure a reader sees: each block-level
 * element starts a new block, `<br>` starts a new line, two `<br>` in a row (or a `<br>` that
 * ends a line already empty) start a new block. Pure.
 */
import { collapseWhitespace } from './text.js';
import { elementAt, type LayoutTree } from './tree.js';

export interface TextWalkOptions {
  /** Subtrees to leave out (boilerplate inside a body unit). */
  skip?: (id: number) => boolean;
}

/** Text blocks (≈ paragraphs) in document order; lines inside a block are joined by `\n`. */
export function textBlocks(tree: LayoutTree, ids: readonly number[], options: TextWalkOptions = {}): string[] {
  const blocks: string[] = [];
  let lines: string[] = [];
  let line = '';
  let emptyLineBreaks = 0;

  let linePreserved = false;
  const endLine = (): void => {
    // Preformatted text keeps its spacing; flowing text is collapsed and trimmed.
    const text = linePreserved ? line.replace(/\s+$/u, '') : line.replace(/[ \t]+/gu, ' ').trim();
    linePreserved = false;
    if (text.length > 0) {
      lines.push(text);
      emptyLineBreaks = 0;
    } else {
      emptyLineBreaks++;
    }
    line = '';
  };
  const endBlock = (): void => {
    endLine();
    if (lines.length > 0) blocks.push(lines.join('\n'));
    lines = [];
    emptyLineBreaks = 0;
  };

  const visit = (id: number, pre: boolean): void => {
    const node = tree.nodes[id];
    if (!node || tree.hidden[id] || options.skip?.(id)) return;
    if (node.kind === 'text') {
      line += pre ? node.text : collapseWhitespace(node.text);
      if (pre) linePreserved = true;
      if (pre && line.includes('\n')) {
        const parts = line.split('\n');
        line = parts.pop() ?? '';
        for (const p of parts) lines.push(p.replace(/\s+$/u, ''));
      }
      return;
    }
    if (node.tag === 'br') {
      endLine();
      // `<br><br>`: the second break ends an empty line — a paragraph break.
      if (emptyLineBreaks > 0) endBlock();
      return;
    }
    if ((tree.stats[id]?.textLength ?? 0) === 0) return;
    const block = tree.isBlock[id] ?? false;
    if (block) endBlock();
    const childPre = pre || node.preservesWhitespace;
    for (const c of node.children) visit(c, childPre);
    if (block) endBlock();
  };

  for (const id of ids) {
    const el = elementAt(tree, id);
    visit(id, el?.preservesWhitespace ?? false);
  }
  endBlock();
  return blocks;
}

/** A unit's text: its blocks joined by single newlines. */
export function renderPlainText(tree: LayoutTree, ids: readonly number[]): string {
  return textBlocks(tree, ids).join('\n');
}
