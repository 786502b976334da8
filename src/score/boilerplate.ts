/**
 * Boilerplate hints: markup that names page furniture. These are generic web conventions
 * (the same families of words Readability.js and trafilatura use), never a particular site's
 * class names. They are used only *inside* the region the visual score chose — to keep share
 * bars, captions, related-link boxes and comment threads out of the body — not to find it.
 */
import type { SnapshotElement } from '../types.js';

/**
 * Words that, as a whole token of an element's class or id (split on `-`, `_`, space and
 * camelCase), mark furniture. Each family and why:
 */
const JUNK_TOKENS = new Set([
  // reader comments and their forms
  'comment', 'comments', 'disqus', 'respond', 'replies',
  // share and follow bars
  'share', 'sharing', 'social', 'sharebar', 'follow',
  // links to other stories
  'related', 'recommended', 'recommendations', 'outbrain', 'taboola', 'trending', 'popular', 'readmore', 'teaser', 'teasers',
  // sign-up, marketing and ads
  'newsletter', 'subscribe', 'subscription', 'signup', 'promo', 'promoted', 'sponsor', 'sponsored',
  'advert', 'advertisement', 'advertising', 'ad', 'ads', 'adslot', 'dfp', 'banner',
  // page structure that is not the story
  'sidebar', 'widget', 'breadcrumb', 'breadcrumbs', 'nav', 'navbar', 'navigation', 'menu', 'footer', 'masthead',
  // overlays
  'cookie', 'cookies', 'consent', 'paywall', 'popup', 'modal', 'overlay',
  // around the story: captions, credits, bylines, tags
  'caption', 'credit', 'credits', 'byline', 'bio', 'tags', 'taglist', 'keywords',
]);

/** Tags that hold furniture wherever they appear inside a body. */
const JUNK_TAGS = new Set([
  'nav', 'aside', 'footer', 'form', 'button', 'select', 'textarea', 'label', 'figcaption', 'iframe', 'noscript', 'menu', 'dialog',
]);

/** ARIA landmark roles of furniture. */
const JUNK_ROLES = new Set(['navigation', 'complementary', 'contentinfo', 'banner', 'search', 'dialog', 'menu', 'menubar', 'toolbar']);

export function classTokens(el: SnapshotElement): string[] {
  const raw = `${el.attrs.class ?? ''} ${el.attrs.id ?? ''}`;
  if (raw.trim() === '') return [];
  return raw
    .replace(/([a-z])([A-Z])/gu, '$1 $2')
    .toLowerCase()
    .split(/[\s_\-]+/u)
    .filter((t) => t.length > 0);
}

/**
 * Furniture by the element's own kind (tag or landmark role), not by a class name: a page's
 * <footer> or <nav> is never the article, whatever its text. Class names can mislead (a layout
 * wrapper called "main-with-sidebar"), so they only discount.
 */
export function isStructuralFurniture(el: SnapshotElement): boolean {
  return (JUNK_TAGS.has(el.tag) && el.tag !== 'figcaption' && el.tag !== 'label') || (el.attrs.role !== undefined && JUNK_ROLES.has(el.attrs.role));
}

/** Why an element is furniture, or undefined when nothing marks it. */
export function junkReason(el: SnapshotElement): string | undefined {
  if (JUNK_TAGS.has(el.tag)) return `tag <${el.tag}>`;
  if (el.attrs.role && JUNK_ROLES.has(el.attrs.role)) return `role=${el.attrs.role}`;
  for (const token of classTokens(el)) if (JUNK_TOKENS.has(token)) return `class/id "${token}"`;
  return undefined;
}
