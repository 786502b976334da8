/**
 * Rebuilding a `LayoutSnapshot` from the wire form the page sends (see in-page/pack-layout.ts).
 * The result is the same value, key for key and in the same key order, as the collector built
 * in the page: later stages and stored snapshots cannot tell the difference.
 */
import type { LayoutSnapshot, SnapshotElement, SnapshotNode } from '../types.js';
import { WIRE_VERSION, type PackedLayoutResult, type WireElement, type WireSnapshot } from './in-page/pack-layout.js';

export class WireFormatError extends Error {
  override name = 'WireFormatError';
}

/**
 * Corrections the render session knows and the page did not: a page written into a reused
 * document reports that document's address and one element more (its <base>).
 */
export interface SnapshotPatch {
  url?: string;
  elementCountDelta?: number;
}

/** The collector's answer as JSON text (`takeSnapshotText`) → the snapshot, with `patch` applied. */
export function decodeSnapshotText(text: string, patch: SnapshotPatch = {}): LayoutSnapshot {
  const result = JSON.parse(text) as PackedLayoutResult;
  if (!result.ok) throw new WireFormatError('The snapshot text is a refusal, not a snapshot');
  const snapshot = unpackLayout(result.wire);
  if (patch.url !== undefined) snapshot.url = patch.url;
  if (patch.elementCountDelta !== undefined) snapshot.elementCount += patch.elementCountDelta;
  return snapshot;
}

export function unpackLayout(wire: WireSnapshot): LayoutSnapshot {
  if (wire.v !== WIRE_VERSION) throw new WireFormatError(`Snapshot wire form v${wire.v}, expected v${WIRE_VERSION}`);
  const strings = wire.strings;
  const string = (index: number): string => {
    const value = strings[index];
    if (value === undefined) throw new WireFormatError(`String ${index} is not in the table of ${strings.length}`);
    return value;
  };
  const nodes: SnapshotNode[] = new Array(wire.nodes.length);
  for (let id = 0; id < wire.nodes.length; id += 1) {
    const wireNode = wire.nodes[id]!;
    const parent = wireNode[0];
    if (parent >= id) throw new WireFormatError(`Node ${id} names parent ${parent}, which does not come before it`);
    if (wireNode.length === 2) {
      nodes[id] = { kind: 'text', id, parent, text: wireNode[1] };
    } else {
      const w = wireNode as WireElement;
      nodes[id] = {
        kind: 'element',
        id,
        parent,
        tag: string(w[1]),
        attrs: w[2] === 0 ? {} : w[2],
        box: { x: w[3], y: w[4], width: w[5], height: w[6] },
        visible: w[7] === 1,
        display: string(w[8]),
        position: string(w[9]),
        background: string(w[10]),
        color: string(w[11]),
        fontSizePx: w[12],
        fontWeight: w[13],
        fontStyle: string(w[14]),
        fontFamily: string(w[15]),
        preservesWhitespace: w[16] === 1,
        children: [],
      };
    }
    if (parent >= 0) {
      const parentNode = nodes[parent];
      if (!parentNode || parentNode.kind !== 'element') throw new WireFormatError(`Node ${id} names parent ${parent}, which is not an element`);
      (parentNode as SnapshotElement).children.push(id);
    }
  }
  return {
    url: wire.url,
    viewport: wire.viewport,
    page: wire.page,
    nodes,
    meta: wire.meta,
    elementCount: wire.elementCount,
  };
}
