/**
 * The snapshot's wire form: runs INSIDE Chromium, right after `collectLayout`, in the same
 * evaluate (same rules as collect-layout.ts: no runtime imports, no outside references).
 *
 * A `LayoutSnapshot` as objects repeats every key name on every node and every style string
 * (`"display":"block"`, the same font and colours) thousands of times; moving it out of the
 * page as JSON text and parsing it in Node costs more than collecting it. The wire form says
 * each node as a short array and each style string once, in a table; `unpackLayout`
 * (snapshot-wire.ts) rebuilds the identical `LayoutSnapshot` in Node.
 *
 * - A text node is `[parent, text]`.
 * - An element is `[parent, tag, attrs, x, y, width, height, visible, display, position,
 *   background, color, fontSizePx, fontWeight, fontStyle, fontFamily, preservesWhitespace]`,
 *   where tag and the six style strings are indices into `strings`, the two booleans are 0/1
 *   and `attrs` is 0 when the element has none of the collected attributes.
 * - Node ids are the array positions and children are the nodes naming the parent, in order:
 *   neither is sent (the collector numbers nodes in pre-order, each child after its parent).
 */
import type { CollectLayoutResult } from './collect-layout.js';
import type { LayoutSnapshot, SnapshotAttributes } from '../../types.js';

export type WireText = [parent: number, text: string];
export type WireElement = [
  parent: number,
  tag: number,
  attrs: SnapshotAttributes | 0,
  x: number,
  y: number,
  width: number,
  height: number,
  visible: 0 | 1,
  display: number,
  position: number,
  background: number,
  color: number,
  fontSizePx: number,
  fontWeight: number,
  fontStyle: number,
  fontFamily: number,
  preservesWhitespace: 0 | 1,
];
export type WireNode = WireText | WireElement;

/** Version of the wire form, checked by the reader. */
export const WIRE_VERSION = 1;

export interface WireSnapshot extends Omit<LayoutSnapshot, 'nodes'> {
  v: number;
  strings: string[];
  nodes: WireNode[];
}

export type PackedLayoutResult =
  | { ok: true; wire: WireSnapshot }
  | Extract<CollectLayoutResult, { ok: false }>;

export function packLayout(result: CollectLayoutResult): PackedLayoutResult {
  if (!result.ok) return result;
  const { nodes, ...rest } = result.snapshot;
  const strings: string[] = [];
  const index = new Map<string, number>();
  const intern = (value: string): number => {
    let at = index.get(value);
    if (at === undefined) {
      at = strings.length;
      strings.push(value);
      index.set(value, at);
    }
    return at;
  };
  const wireNodes: WireNode[] = new Array(nodes.length);
  for (let i = 0; i < nodes.length; i += 1) {
    const node = nodes[i]!;
    if (node.kind === 'text') {
      wireNodes[i] = [node.parent, node.text];
      continue;
    }
    let hasAttrs = false;
    for (const _ in node.attrs) {
      hasAttrs = true;
      break;
    }
    wireNodes[i] = [
      node.parent,
      intern(node.tag),
      hasAttrs ? node.attrs : 0,
      node.box.x,
      node.box.y,
      node.box.width,
      node.box.height,
      node.visible ? 1 : 0,
      intern(node.display),
      intern(node.position),
      intern(node.background),
      intern(node.color),
      node.fontSizePx,
      node.fontWeight,
      intern(node.fontStyle),
      intern(node.fontFamily),
      node.preservesWhitespace ? 1 : 0,
    ];
  }
  // 1 is WIRE_VERSION (the page cannot see constants outside this function).
  return { ok: true, wire: { v: 1, ...rest, strings, nodes: wireNodes } };
}
