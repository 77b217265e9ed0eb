import type { LlmsTxtArtifact } from '../artifacts';

/** Validates an llms.txt (llmstxt.org): text not HTML, an H1 title, a summary, H2 sections of links. */
export function parseLlmsTxt(url: string, status: number, contentType: string, body: string): LlmsTxtArtifact {
  const base = { url, status, sections: [] as string[], links: [] as string[], problems: [] as string[] };
  if (status < 200 || status >= 300) return { ...base, found: false, isText: false };
  const looksHtml = /html/i.test(contentType) || /^\s*(<!doctype html|<html|<head|<body)/i.test(body);
  if (looksHtml) return { ...base, found: true, isText: false, problems: ['served as HTML'] };
  const lines = body.split(/\r?\n/);
  const title = lines
    .find((l) => /^#\s+\S/.test(l))
    ?.replace(/^#\s+/, '')
    .trim();
  const summary = lines
    .find((l) => /^>\s*\S/.test(l))
    ?.replace(/^>\s*/, '')
    .trim();
  const sections = lines.filter((l) => /^##\s+\S/.test(l)).map((l) => l.replace(/^##\s+/, '').trim());
  const matches = [...body.matchAll(/\[([^\]]*)\]\(([^)\s]+)[^)]*\)/g)];
  const links = matches.map((m) => m[2]);
  // A link's title and the note after it ("- [MCP](url): connect your agent") say what it leads to.
  const entries = matches.map((m) => ({ url: m[2], title: `${m[1]}${body.slice(m.index! + m[0].length).split(/\r?\n/)[0]}`.trim() }));
  const problems: string[] = [];
  if (!title) problems.push('no H1 title');
  if (!links.length) problems.push('no links');
  if (!body.trim()) problems.push('empty');
  return { url, status, found: true, isText: true, title, summary, sections, links, entries, problems };
}
