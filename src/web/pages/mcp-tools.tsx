import type { FC } from 'hono/jsx';
import type { McpSection, McpToolSummary } from '../../domain/mcp/section';
import type { SecurityFinding, ToolFinding } from '../../domain/mcp/tool-definition';
import { driftLine, terminalSafe, toolsWorstFirst } from '../../render/mcp-tools';
import { ColumnHeads } from './field';

// A product's MCP section on its page (issue 38). Every string in it is the third-party server's untrusted
// text: rendered only as hono/jsx text children and attributes (escaped), never as raw HTML, and passed
// through `terminalSafe` first so bidi, zero-width and tag characters show as `\u{...}` instead of hiding
// text or reordering it on screen. The server's URL is shown as text, never as a link.

const t = (s: string) => terminalSafe(s);

const colour = (score: number) => (score >= 80 ? '#15803d' : score >= 50 ? '#b45309' : '#b91c1c');

/** A tool score as a small bar (the style of ScoreBars in charts.tsx) with its figure beside it. */
const ToolScoreBar: FC<{ score: number }> = ({ score }) => (
  <span class="bars">
    <svg viewBox="0 0 100 12" width="100" height="12" aria-hidden="true">
      <rect x="0" y="0" width="100" height="12" fill="#e2e8f0" rx="3" />
      <rect x="0" y="0" width={Math.max(0, Math.min(100, score))} height="12" fill={colour(score)} rx="3" />
    </svg>{' '}
    {score}
  </span>
);

const SecurityItem: FC<{ f: SecurityFinding }> = ({ f }) => (
  <li>
    <strong>{f.severity}</strong> {f.kind} in <code>{t(f.tool)}</code>, field <code>{t(f.field)}</code>: {t(f.detail)}
    <br />
    Offending text: <code>{t(f.span)}</code>
    {f.decoded ? (
      <>
        <br />
        Hidden text decoded: <code>{t(f.decoded)}</code>
      </>
    ) : null}
  </li>
);

const FindingItems: FC<{ findings: ToolFinding[] }> = ({ findings }) => (
  <ul>
    {findings.map((f) => (
      <li>
        <strong>{f.severity}</strong>: {t(f.detail)} Fix: {t(f.fix)}
      </li>
    ))}
  </ul>
);

const ToolRow: FC<{ tool: McpToolSummary }> = ({ tool }) => (
  <tr>
    <th scope="row">
      <code>{t(tool.name)}</code>
      {tool.description ? <p class="muted">{t(tool.description)}</p> : null}
    </th>
    <td>{tool.title === null ? '' : t(tool.title)}</td>
    <td class="num">
      <ToolScoreBar score={tool.score} />
    </td>
    <td>
      {tool.readOnly ? <span class="pill">read-only</span> : null} {tool.destructive ? <span class="pill">destructive</span> : null}
    </td>
    <td>{tool.findings.length ? <FindingItems findings={tool.findings} /> : 'None'}</td>
  </tr>
);

const validText = (v: boolean | null) => (v === null ? 'no output schema declared' : v ? 'valid' : 'not valid');

/** The MCP section: security first, then the tool score, the tools worst first, the verified call and drift. */
export const McpToolsSection: FC<{ mcp: McpSection }> = ({ mcp }) => {
  const name = [mcp.server.name, mcp.server.version].filter((x): x is string => Boolean(x)).join(' ');
  const call = mcp.verifiedCall;
  const drift = driftLine(mcp);
  return (
    <section id="mcp-tools" aria-labelledby="mcp-tools-heading">
      <h2 id="mcp-tools-heading">MCP server</h2>
      {mcp.security.length ? (
        <div class="notice bad" role="note" aria-labelledby="mcp-security-heading">
          <h3 id="mcp-security-heading">
            Security: {mcp.security.length} finding{mcp.security.length === 1 ? '' : 's'} of text aimed at the model, not the user
          </h3>
          <ul>
            {mcp.security.map((f) => (
              <SecurityItem f={f} />
            ))}
          </ul>
        </div>
      ) : null}
      <ul>
        <li>Server: {name ? t(name) : 'unnamed'}</li>
        <li>
          URL: <code>{t(mcp.url)}</code>
        </li>
        <li>Transport: {mcp.transport}</li>
        <li>Protocol version: {mcp.protocolVersion === null ? 'not stated' : t(mcp.protocolVersion)}</li>
        <li>
          Tool score: {mcp.toolScore === null ? 'none (no tools listed)' : `${mcp.toolScore} / 100`} over {mcp.toolCount} tool{mcp.toolCount === 1 ? '' : 's'}
          {mcp.tools.length < mcp.toolCount ? ` (${mcp.tools.length} shown)` : ''}
        </li>
      </ul>
      {mcp.tools.length ? (
        <table>
          <caption>Tools, lowest score first</caption>
          <ColumnHeads columns={['Tool', 'Title', { label: 'Score', num: true }, 'Hints', 'Findings']} />
          <tbody>
            {toolsWorstFirst(mcp.tools).map((tool) => (
              <ToolRow tool={tool} />
            ))}
          </tbody>
        </table>
      ) : null}
      {mcp.findings.length ? (
        <>
          <h3>Server-wide findings</h3>
          <FindingItems findings={mcp.findings} />
        </>
      ) : null}
      <h3>Verified call</h3>
      <ul>
        <li>Tool: {call.tool === null ? 'none called' : <code>{t(call.tool)}</code>}</li>
        <li>Outcome: {call.outcome}</li>
        {call.ms === null ? null : <li>Time: {call.ms} ms</li>}
        <li>Output: {validText(call.outputValid)}</li>
        <li>Reason: {t(call.reason)}</li>
        {call.input ? (
          <li>
            Input: <code>{t(JSON.stringify(call.input))}</code>
          </li>
        ) : null}
      </ul>
      {drift ? <p>{drift}</p> : null}
    </section>
  );
};
