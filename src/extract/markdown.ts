/**
 * Markdown of the clean body HTML, through Turndown (ATX headings, fenced code with the
 * language of a `language-*` class, `-` bullets), with data tables as GitHub-flavoured
 * Markdown tables: the first row is the header, short rows are padded, `|` in a cell escaped.
 */
import TurndownService from 'turndown';

let service: TurndownService | undefined;

export function toMarkdown(html: string): string {
  service ??= createService();
  return service.turndown(html).trim();
}

function createService(): TurndownService {
  const td = new TurndownService({ headingStyle: 'atx', codeBlockStyle: 'fenced', bulletListMarker: '-', emDelimiter: '*' });
  td.addRule('table', {
    filter: 'table',
    replacement: (_content, node) => `\n\n${tableMarkdown(td, node as unknown as Element)}\n\n`,
  });
  return td;
}

function tableMarkdown(td: TurndownService, table: Element): string {
  const rows = Array.from(table.querySelectorAll('tr')).map((tr) =>
    Array.from(tr.children)
      .filter((c) => c.nodeName === 'TH' || c.nodeName === 'TD')
      .map((c) => td.turndown(c.innerHTML).split('\n').map((l) => l.trim()).filter((l) => l !== '').join(' ').replaceAll('|', '\\|')),
  ).filter((r) => r.length > 0);
  if (rows.length === 0) return '';
  const width = Math.max(...rows.map((r) => r.length));
  const line = (cells: string[]): string => `| ${Array.from({ length: width }, (_, i) => cells[i] ?? '').join(' | ')} |`;
  return [line(rows[0]!), line(Array.from({ length: width }, () => '---')), ...rows.slice(1).map(line)].join('\n');
}
