// broadsheet's public library entry. Exports are explicit; anything not listed here is internal.
export type * from './types.js';
export * from './errors.js';
