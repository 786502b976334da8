/**
 * The words the page-type decision (page-type.ts) reads off a page, as data: schema.org types,
 * URL path segments, class-name words and generator names that hold on any site. Each list
 * names the type it speaks for; the weights of what they signal are fitted (`npm run fit --
 * --page-type-only`), so a word that misleads costs nothing but its weight. Pure.
 */

/** schema.org types (JSON-LD `@type`) by the page type they declare. */
export const LD_TYPES = {
  article: /^(NewsArticle|Article|ReportageNewsArticle|AnalysisNewsArticle|OpinionNewsArticle|BackgroundNewsArticle|BlogPosting|LiveBlogPosting|Report|ScholarlyArticle|SatiricalArticle|Review|Recipe)$/u,
  listing: /^(CollectionPage|ItemList|SearchResultsPage|Blog|ProfilePage|SiteNavigationElement|OfferCatalog)$/u,
  product: /^(Product|Offer|AggregateOffer|IndividualProduct|ProductGroup|ProductModel|Vehicle|Book|SoftwareApplication|MobileApplication|Store)$/u,
  forum: /^(DiscussionForumPosting|QAPage|Question|Answer|Comment|SocialMediaPosting)$/u,
  documentation: /^(TechArticle|APIReference|SoftwareSourceCode|HowTo|HowToStep)$/u,
  service: /^(FAQPage|Course|Event|LocalBusiness|Organization|Corporation|ContactPage|AboutPage|Service|ProfessionalService|MedicalBusiness|Restaurant|Hotel|WebApplication|JobPosting)$/u,
} as const;

/**
 * URL path segments (lower-cased, whole segments or their words split at - and _) by the type
 * they suggest. Generic across sites: CMS and shop-engine conventions, not any one site's.
 */
export const URL_WORDS: Record<'product' | 'forum' | 'documentation' | 'listing' | 'collection' | 'service', ReadonlySet<string>> = {
  product: new Set(['product', 'products', 'p', 'dp', 'item', 'items', 'produkt', 'produit', 'producto', 'prodotto', 'sku', 'buy', 'pd', 'ip']),
  forum: new Set(['forum', 'forums', 'thread', 'threads', 't', 'topic', 'topics', 'questions', 'question', 'q', 'discussion', 'discussions', 'community', 'board', 'boards', 'viewtopic', 'showthread', 'comments', 'answers', 'r']),
  documentation: new Set(['docs', 'doc', 'documentation', 'api', 'reference', 'manual', 'guide', 'guides', 'tutorial', 'tutorials', 'wiki', 'kb', 'knowledge', 'knowledgebase', 'learn', 'developer', 'developers', 'sdk', 'handbook', 'howto', 'readme', 'latest', 'stable', 'en-us']),
  listing: new Set(['category', 'categories', 'tag', 'tags', 'search', 'archive', 'archives', 'page', 'section', 'topics', 'author', 'authors', 'news', 'blog', 'events', 'jobs', 'list', 'results', 'directory']),
  collection: new Set(['collections', 'collection', 'catalog', 'catalogue', 'shop', 'store', 'c', 'browse', 'gallery', 'galleries', 'brands', 'department', 'deals', 'sale', 'kategorie', 'categorie']),
  service: new Set(['services', 'service', 'about', 'about-us', 'contact', 'contact-us', 'pricing', 'solutions', 'features', 'company', 'careers', 'team', 'plans', 'industries', 'what-we-do', 'consulting', 'support', 'locations', 'practice-areas']),
};

/** Host labels that say what a whole site is (docs.example.org, forum.example.com). */
export const HOST_WORDS: Record<'forum' | 'documentation' | 'product', ReadonlySet<string>> = {
  forum: new Set(['forum', 'forums', 'community', 'discuss', 'discourse', 'answers', 'board', 'boards']),
  documentation: new Set(['docs', 'doc', 'developer', 'developers', 'wiki', 'learn', 'api', 'help', 'support', 'kb', 'readthedocs']),
  product: new Set(['shop', 'store']),
};

/** Class/id words of comment threads and forum posts (one post each). */
export const POST_WORDS = /(^|[\s_-])(post|posts|message|messages|reply|replies|answer|answers|comment|comments|thread|topic|postbody|post-body|messagecontent|usertext|discussion)([\s_-]|$)/u;

/** Class/id words of readers' comments and answers only (not "post", which WordPress gives the article itself). */
export const COMMENT_WORDS = /(^|[\s_-])(reply|replies|answer|answers|comment|comments|commentlist|comment-list|discussion)([\s_-]|$)/u;

/** Class/id words of shops: carts, prices, offers, variants. */
export const SHOP_WORDS = /(^|[\s_-])(cart|basket|add-to-cart|addtocart|checkout|price|prices|product-price|sku|variant|variants|quantity|qty|wishlist|in-stock|stock)([\s_-]|$)/u;

/**
 * Class/id words and generator names of documentation sites: Sphinx (rst-content, sphinxsidebar),
 * MkDocs Material (md-content), Docusaurus (theme-doc-markdown), GitBook, VitePress (vp-doc),
 * Read the Docs, Hugo Docsy (td-content), Google's devsite, Javadoc, Doxygen, rustdoc.
 */
export const DOC_CLASS_WORDS = /(^|[\s_-])(rst-content|sphinxsidebar|sphinxsidebarwrapper|md-content|md-sidebar|theme-doc-markdown|docmainContainer|docs-content|doc-content|docs-sidebar|docsidebar|vp-doc|gitbook|td-content|devsite-article-body|markdown-body|api-reference|toctree-wrapper|highlight-python|highlight-default|docstring|doxygen|rustdoc|javadoc|docs)([\s_-]|$)/iu;
export const DOC_GENERATORS = /sphinx|mkdocs|docusaurus|gitbook|vitepress|docsy|hugo|jekyll|doxygen|javadoc|rustdoc|redoc|slate|docfx|antora|read the docs|readthedocs|mintlify|nextra/iu;

/** Class/id words of cards in a grid (product tiles, post cards, results). */
export const CARD_WORDS = /(^|[\s_-])(card|cards|tile|tiles|teaser|teasers|grid-item|product-item|product-card|product-tile|result|results|listing|item|items|entry|entries)([\s_-]|$)/u;

/** itemprop values by what they mark. */
export const ITEMPROP = {
  product: new Set(['price', 'offers', 'sku', 'brand', 'pricecurrency', 'availability', 'gtin13', 'mpn', 'aggregaterating']),
  forum: new Set(['upvotecount', 'answercount', 'suggestedanswer', 'acceptedanswer', 'comment', 'commentcount', 'text']),
  article: new Set(['articlebody', 'headline', 'datepublished', 'author']),
} as const;
