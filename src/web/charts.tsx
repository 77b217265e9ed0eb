import type { McpDrift } from '../domain/mcp/section';
import type { FC } from 'hono/jsx';

// Charts are inline SVG drawn on the server: no script, no inline style (the CSP allows neither), and
// each has a text equivalent beside it for screen readers and text browsers.

const SUB_SCORE_LABELS = [
  ['readiness', 'Readiness'],
  ['discovery', 'Discovery'],
  ['understanding', 'Understanding'],
  ['adoption', 'Adoption'],
  ['operability', 'Operability'],
] as const;

export type ScoreSet = Record<(typeof SUB_SCORE_LABELS)[number][0], number>;

const colour = (score: number) => (score >= 80 ? '#15803d' : score >= 50 ? '#b45309' : '#b91c1c');

/** Readiness and the four sub-scores as horizontal bars (0..100), labelled with their values. */
export const ScoreBars: FC<{ scores: ScoreSet }> = ({ scores }) => {
  const rowHeight = 30;
  const label = SUB_SCORE_LABELS.map(([k, name]) => `${name} ${scores[k]}`).join(', ');
  return (
    <svg viewBox={`0 0 520 ${rowHeight * SUB_SCORE_LABELS.length}`} width="520" role="img" aria-label={`Scores out of 100: ${label}`}>
      {SUB_SCORE_LABELS.map(([key, name], i) => {
        const y = i * rowHeight;
        const value = scores[key];
        return (
          <g>
            <text x="0" y={y + 19} font-size="14" fill="#14161a">
              {name}
            </text>
            <rect x="130" y={y + 6} width="340" height="16" fill="#e2e8f0" rx="3" />
            <rect x="130" y={y + 6} width={(340 * value) / 100} height="16" fill={colour(value)} rx="3" />
            <text x="480" y={y + 19} font-size="14" fill="#14161a">
              {value}
            </text>
          </g>
        );
      })}
    </svg>
  );
};

/** Readiness over time as a small line chart; one point per audit. */
/** Readiness over the audits; an audit that saw the product's MCP tools change is drawn as a ring, with its title. */
export const HistoryChart: FC<{ points: Array<{ at: string; readiness: number; mcpChanges?: McpDrift | null }> }> = ({ points }) => {
  const width = 520;
  const height = 140;
  const pad = 28;
  if (points.length === 0) return null;
  const xs = points.map((_, i) => (points.length === 1 ? width / 2 : pad + ((width - 2 * pad) * i) / (points.length - 1)));
  const ys = points.map((p) => height - pad - ((height - 2 * pad) * p.readiness) / 100);
  const path = xs.map((x, i) => `${i === 0 ? 'M' : 'L'}${x.toFixed(1)},${ys[i].toFixed(1)}`).join(' ');
  const first = points[0];
  const last = points[points.length - 1];
  const changed = points.filter((p) => p.mcpChanges).length;
  return (
    <svg
      viewBox={`0 0 ${width} ${height}`}
      width={String(width)}
      role="img"
      aria-label={`Readiness over ${points.length} audit${points.length === 1 ? '' : 's'}: from ${first.readiness} on ${first.at.slice(0, 10)} to ${last.readiness} on ${last.at.slice(0, 10)}${changed ? `; MCP tools changed at ${changed} of them` : ''}`}
    >
      <line x1={pad} y1={height - pad} x2={width - pad} y2={height - pad} stroke="#94a3b8" />
      <line x1={pad} y1={pad} x2={pad} y2={height - pad} stroke="#94a3b8" />
      <text x="2" y={pad + 4} font-size="11" fill="#4d5562">
        100
      </text>
      <text x="10" y={height - pad + 4} font-size="11" fill="#4d5562">
        0
      </text>
      <path d={path} fill="none" stroke="#1d4ed8" stroke-width="2" />
      {xs.map((x, i) =>
        points[i].mcpChanges ? (
          <circle cx={x.toFixed(1)} cy={ys[i].toFixed(1)} r="6" fill="#fff" stroke="#b45309" stroke-width="2.5" class="mcp-changed">
            <title>{`${points[i].at.slice(0, 10)}: MCP tools changed`}</title>
          </circle>
        ) : (
          <circle cx={x.toFixed(1)} cy={ys[i].toFixed(1)} r="3.5" fill="#1d4ed8" />
        ),
      )}
      <text x={pad} y={height - 6} font-size="11" fill="#4d5562">
        {first.at.slice(0, 10)}
      </text>
      <text x={width - pad} y={height - 6} font-size="11" fill="#4d5562" text-anchor="end">
        {last.at.slice(0, 10)}
      </text>
    </svg>
  );
};

const SERIES_COLOURS = ['#1d4ed8', '#15803d', '#b45309', '#7c3aed'];

/** Calls per day, one bar group per day and one bar per event type. */
export const UsageChart: FC<{ days: string[]; series: Array<{ name: string; values: number[] }> }> = ({ days, series }) => {
  const width = 640;
  const height = 180;
  const pad = 30;
  const max = Math.max(1, ...series.flatMap((s) => s.values));
  const groupWidth = (width - 2 * pad) / Math.max(1, days.length);
  const barWidth = Math.max(2, (groupWidth - 4) / Math.max(1, series.length));
  const total = series.reduce((n, s) => n + s.values.reduce((a, b) => a + b, 0), 0);
  return (
    <svg viewBox={`0 0 ${width} ${height + 40}`} width={String(width)} role="img" aria-label={`Calls per day over ${days.length} days: ${total} in all`}>
      <line x1={pad} y1={height - pad} x2={width - pad} y2={height - pad} stroke="#94a3b8" />
      <text x="2" y={pad} font-size="11" fill="#4d5562">
        {max}
      </text>
      {series.map((s, si) =>
        s.values.map((v, di) => {
          const h = ((height - 2 * pad) * v) / max;
          return (
            <rect
              x={(pad + di * groupWidth + si * barWidth + 2).toFixed(1)}
              y={(height - pad - h).toFixed(1)}
              width={barWidth.toFixed(1)}
              height={h.toFixed(1)}
              fill={SERIES_COLOURS[si % SERIES_COLOURS.length]}
            />
          );
        }),
      )}
      {days.length ? (
        <text x={pad} y={height - 10} font-size="11" fill="#4d5562">
          {days[0]}
        </text>
      ) : null}
      {days.length > 1 ? (
        <text x={width - pad} y={height - 10} font-size="11" fill="#4d5562" text-anchor="end">
          {days[days.length - 1]}
        </text>
      ) : null}
      {series.map((s, si) => (
        <g>
          <rect x={pad + si * 170} y={height + 10} width="12" height="12" fill={SERIES_COLOURS[si % SERIES_COLOURS.length]} />
          <text x={pad + si * 170 + 18} y={height + 21} font-size="12" fill="#14161a">
            {s.name}
          </text>
        </g>
      ))}
    </svg>
  );
};
