/** Markdown of the clean body HTML, through Turndown (ATX headings, fenced code, `-` bullets). */
import TurndownService from 'turndown';

let service: TurndownService | undefined;

export function toMarkdown(html: string): string {
  service ??= new TurndownService({ headingStyle: 'atx', codeBlockStyle: 'fenced', bulletListMarker: '-', emDelimiter: '*' });
  return service.turndown(html).trim();
}
