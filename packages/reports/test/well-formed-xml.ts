/**
 * What keeps a piece of SVG (or XHTML) from parsing as XML: a `<` or `&` that starts no
 * tag or entity, an attribute whose value is not between its own quotes, a closing tag
 * that does not close the element last opened, an element left open. Empty when the text
 * is well-formed. For tests; it knows no DTD and reads no namespaces.
 */
export function xmlProblems(text: string): string[] {
  const problems: string[] = [];
  const open: string[] = [];
  const token =
    /<!\[CDATA\[[\s\S]*?\]\]>|<!--[\s\S]*?-->|<\?[\s\S]*?\?>|<(\/?)([A-Za-z][\w:.-]*)((?:\s+[\w:.-]+\s*=\s*(?:"[^"<]*"|'[^'<]*'))*)\s*(\/?)>|<|&(?!(?:#\d+|#x[0-9a-fA-F]+|[A-Za-z]\w*);)/g;
  for (const m of text.matchAll(token)) {
    const [whole, closing, name, , selfClosing] = m;
    const where = `at ${m.index}: ${text.slice(m.index, m.index + 60)}`;
    if (whole === '<' || whole === '&') problems.push(`a bare ${whole} ${where}`);
    else if (name === undefined) continue;
    else if (closing === '/') {
      const last = open.pop();
      if (last !== name) problems.push(`</${name}> closes <${last ?? 'nothing'}> ${where}`);
    } else if (selfClosing !== '/') open.push(name);
  }
  for (const name of open) problems.push(`<${name}> is never closed`);
  return problems;
}

/** The text content of every `<text>` element of an SVG, entities decoded. */
export function svgTexts(svg: string): string[] {
  return [...svg.matchAll(/<text\b[^>]*>([^<]*)<\/text>/g)].map((m) =>
    (m[1] ?? '')
      .replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)))
      .replace(/&quot;/g, '"')
      .replace(/&apos;/g, "'")
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&amp;/g, '&'),
  );
}
