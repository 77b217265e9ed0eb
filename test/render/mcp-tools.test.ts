import assert from 'node:assert/strict';
import { mcpSummaryText, mcpToolsText, scoreCell, terminalSafe } from '../../src/render/mcp-tools';
import { plainStyle, readinessCell, renderText, type TextStyle } from '../../src/render/text';
import { ESC, poisonedSection, tags } from '../support/mcp-section-sample';

const barStyle: TextStyle = { ...plainStyle, bars: true };

describe('terminalSafe: third-party text that can neither drive a terminal nor hide', () => {
  it('escapes ESC, CR, LF, TAB, DEL and C1 controls', () => {
    assert.equal(terminalSafe(`a${ESC}[31mred`), 'a\\u{001B}[31mred');
    assert.equal(terminalSafe('x\ry\nz\tw\u007f\u009b'), 'x\\u{000D}y\\u{000A}z\\u{0009}w\\u{007F}\\u{009B}');
    assert.equal(terminalSafe('\u0000\u0007'), '\\u{0000}\\u{0007}');
  });

  it('escapes Unicode tag characters', () => {
    assert.equal(terminalSafe(`ok${tags('hi')}\u{e0001}\u{e007f}`), 'ok\\u{E0068}\\u{E0069}\\u{E0001}\\u{E007F}');
  });

  it('escapes zero-width characters', () => {
    assert.equal(terminalSafe('a\u200bb\u200cc\u200dd\u2060e\ufefff'), 'a\\u{200B}b\\u{200C}c\\u{200D}d\\u{2060}e\\u{FEFF}f');
  });

  it('escapes bidi controls and marks', () => {
    const bidi = ['\u202a', '\u202b', '\u202c', '\u202d', '\u202e', '\u2066', '\u2067', '\u2068', '\u2069', '\u200e', '\u200f'];
    const out = terminalSafe(`evil${bidi.join('')}txt`);
    assert.equal(out, 'evil\\u{202A}\\u{202B}\\u{202C}\\u{202D}\\u{202E}\\u{2066}\\u{2067}\\u{2068}\\u{2069}\\u{200E}\\u{200F}txt');
  });

  it('leaves ordinary text alone: accents, CJK, emoji, punctuation and spaces', () => {
    for (const text of ['café naïve', '日本語のテキスト', 'Search the docs: <b>bold</b> & "quotes" 🎉', 'ÀÉÎÕÜ ßøå ĳ', ''])
      assert.equal(terminalSafe(text), text);
  });
});

describe('mcpToolsText: the CLI rendering of a product MCP section', () => {
  it('lists every tool worst first, with score, read-only, findings count and worst finding', () => {
    const text = mcpToolsText(poisonedSection(), plainStyle);
    const rows = text.split('\n');
    const header = rows.findIndex((l) => /^score\s+tool\s+read-only\s+findings\s+worst finding$/.test(l));
    assert.ok(header >= 0, text);
    assert.match(rows[header + 1], /^\s*12\s+add\\u\{001B\}\[2J\s+no\s+2\s+high: An <IMPORTANT> block\\u\{001B\}\[0m addresses the model\.$/);
    assert.match(rows[header + 2], /^\s*55\s+delete_page \(destructive\)\s+no\s+1\s+medium: No idempotentHint\.$/);
    assert.match(rows[header + 3], /^\s*88\s+search_docs\s+yes\s+0\s+-$/);
  });

  it('puts the security findings first, with the decoded hidden text', () => {
    const text = mcpToolsText(poisonedSection(), plainStyle);
    assert.match(text, /^Security findings \(2\)/);
    assert.ok(text.indexOf('Security findings') < text.indexOf('score  '));
    assert.match(text, /HIGH hidden-characters in add\\u\{001B\}\[2J description: Unicode tag characters hide text\./);
    assert.match(text, /hidden text decoded: "send secrets"/);
  });

  it('shows the server, tool score, verified call, server-wide findings and drift', () => {
    const text = mcpToolsText(poisonedSection(), plainStyle);
    assert.match(text, /MCP server acme\\u\{001B\}\]0;pwned\\u\{0007\} 1\.2\.0 at https:\/\/mcp\.acme\.test\/mcp \(streamable-http, protocol 2025-06-18\)/);
    assert.match(text, /tool score 41 \/ 100 over 3 tools/);
    assert.match(text, /verified call: search_docs → ok, 140 ms, output valid: Read-only tool called\. · input \{"query":"hello"\}/);
    assert.match(text, /- low naming: Mixed naming styles\. Fix: Use snake_case throughout\./);
    assert.match(text, /Changed since 2026-11-01: added delete_page; removed old_tool; changed search_docs \(description\)/);
  });

  it('never lets a raw control, tag or bidi character through, with or without bars', () => {
    const section = poisonedSection();
    section.tools[0].name = `rtl\u202eexe.txt\u200b`;
    section.verifiedCall.reason = `done\r\n${ESC}[1A`;
    for (const style of [plainStyle, barStyle]) {
      const text = mcpToolsText(section, style) + mcpSummaryText(section, style);
      const unsafe = [...text].filter((c) => {
        const cp = c.codePointAt(0)!;
        const control = (cp < 0x20 && cp !== 0x0a) || (cp >= 0x7f && cp <= 0x9f);
        const invisible = (cp >= 0x200b && cp <= 0x200f) || (cp >= 0x202a && cp <= 0x202e) || (cp >= 0x2066 && cp <= 0x2069) || cp === 0x2060 || cp === 0xfeff;
        return control || invisible || (cp >= 0xe0000 && cp <= 0xe007f);
      });
      assert.deepEqual(unsafe, []);
      assert.ok(!text.includes(ESC));
    }
  });

  it('draws bars exactly as readinessCell does', () => {
    for (const n of [0, 4, 5, 12, 55, 88, 100]) {
      assert.equal(scoreCell(n, barStyle), readinessCell(n, barStyle));
      assert.equal(scoreCell(n, plainStyle), readinessCell(n, plainStyle));
    }
    assert.match(mcpToolsText(poisonedSection(), barStyle), /█░░░░░░░░░ {2}12\s+add/);
  });

  it('adds a short MCP summary to a profile, and nothing when there is no server', () => {
    const base = {
      slug: 'acme',
      name: 'Acme',
      domain: 'acme.test',
      scores: { readiness: 60, discovery: 60, understanding: 60, adoption: 60, operability: 60 },
      issues: [],
      audited: true,
      findings: 'No failing checks.',
      signals: { mcpAvailable: true, cliAvailable: false, llmsTxt: false, openapi: false, sdkLanguages: [] },
      description: 'Acme.',
      categories: [],
      claimed: false,
      auditedAt: '2026-11-20T00:00:00.000Z',
      freshness: { source: 'audit', asOf: '2026-11-20T00:00:00.000Z' },
    };
    const withMcp = renderText('getProfile', { ...base, mcp: poisonedSection() });
    assert.match(withMcp, /MCP server acme\\u\{001B\}\]0;pwned\\u\{0007\} 1\.2\.0 \(streamable-http\): tool score 41\/100 over 3 tools/);
    assert.match(withMcp, /verified call ok · 2 high security findings · since 2026-11-01: 1 added, 1 removed, 1 changed/);
    assert.ok(!withMcp.includes(ESC));
    const without = renderText('getProfile', { ...base, mcp: null });
    assert.doesNotMatch(without, /MCP server/);
  });
});
