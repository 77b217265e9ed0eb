import { load } from 'cheerio';

/**
 * A docs page as Markdown-like text, keeping what a playbook needs to tell one stack's steps from another's:
 * headings as `#` lines (a section per language), code blocks fenced with their language (from the
 * `language-x` class, a `data-lang` attribute, or the label of the tab panel they sit in), and inline code in
 * backticks (an `npm install` inside a sentence). Markdown and plain text (llms.txt) pass through.
 */
export function docText(body: string, contentType: string): string {
  if (!/html/i.test(contentType) && !/^\s*</.test(body)) return body;
  const $ = load(body);
  $('script, style, noscript, template, nav').remove();
  const block = (s: string) => $('<div></div>').text(s);

  $('pre').each((_, el) => {
    const $pre = $(el);
    const code = $pre.text().replace(/^\n+|\s+$/g, '');
    $pre.replaceWith(block(`\n\u0060\u0060\u0060${fenceLabel($, $pre)}\n${code}\n\u0060\u0060\u0060\n`));
  });
  $('code').each((_, el) => {
    const $code = $(el);
    $code.replaceWith($('<span></span>').text(`\u0060${$code.text().trim()}\u0060`));
  });
  $('h1, h2, h3, h4, h5, h6').each((_, el) => {
    const $h = $(el);
    $h.text(`${'#'.repeat(Number(el.tagName.slice(1)))} ${$h.text().replace(/\s+/g, ' ').trim()}`);
  });
  // Block elements end lines: without it "API reference" and "npm install" run together as one word.
  $('p, div, li, td, th, h1, h2, h3, h4, h5, h6, br, section, article, header, footer, button, [role=tab]').after('\n');

  const out: string[] = [];
  let fenced = false;
  for (const raw of $('body').text().split('\n')) {
    if (/^\s*```/.test(raw)) {
      fenced = !fenced;
      out.push(raw.trim());
    } else if (fenced) out.push(raw.trimEnd());
    else {
      const line = raw.replace(/\s+/g, ' ').trim();
      if (line) out.push(line);
    }
  }
  return out.join('\n');
}

/** The language of a code block: its class or data attribute, else the tab panel or tab group it sits in. */
function fenceLabel($: ReturnType<typeof load>, $pre: ReturnType<ReturnType<typeof load>>): string {
  const classes = `${$pre.attr('class') ?? ''} ${$pre.find('code').attr('class') ?? ''}`;
  const byClass = classes.match(/\b(?:language|lang|highlight-source|highlight)-([\w#+.-]+)/)?.[1];
  if (byClass) return byClass;
  const attr = (el: ReturnType<ReturnType<typeof load>>) =>
    el.attr('data-lang') ?? el.attr('data-language') ?? el.attr('data-tab') ?? el.attr('data-value') ?? el.attr('data-label');
  const own = attr($pre) ?? attr($pre.find('code'));
  if (own) return own;
  const holder = $pre.closest('[data-lang], [data-language], [data-tab], [data-value], [data-label]');
  if (holder.length) return attr(holder) ?? '';
  const panel = $pre.closest('[role=tabpanel]');
  if (panel.length) {
    const by = panel.attr('aria-labelledby');
    const label = by ? $(`[id="${by}"]`).text() : panel.attr('aria-label');
    if (label) return label.replace(/\s+/g, ' ').trim();
  }
  return '';
}
