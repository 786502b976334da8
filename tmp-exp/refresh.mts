import { extractHtml } from '../src/extract/extract.ts';
const body = Array.from({length: 8}, (_, i) => `<p>Paragraph ${i}: the council met on Tuesday and agreed the new budget after a long debate about roads and schools.</p>`).join('');
for (const head of ['<meta http-equiv="refresh" content="0">', '<meta http-equiv="refresh" content="0; url=http://saved.invalid/document.html">', '<meta http-equiv="refresh" content="1; url=https://elsewhere.example/">', '<script>location.reload()</script>']) {
  const html = `<!doctype html><html><head><title>T</title>${head}</head><body><article><h1>Title</h1>${body}</article></body></html>`;
  const r = await extractHtml(html, { javaScript: head.includes('script') });
  console.log(head, r.status, r.status === 'none' ? r.reason : r.status === 'error' ? r.error.code : r.article.wordCount);
}
