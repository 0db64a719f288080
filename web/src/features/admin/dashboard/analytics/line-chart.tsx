/** One series of the chart: a name for the legend and screen readers, its colour, its values. */
export interface Series {
  name: string;
  /** A CSS colour (an attribute, not a class: Tailwind only sees classes written out in full). */
  color: string;
  values: number[];
}

const width = 640;
const height = 200;
const pad = { top: 12, right: 12, bottom: 24, left: 36 };

/** The points of a series as an SVG polyline's `points`, scaled into the plot area. */
export function linePoints(values: number[], max: number): string {
  const plotW = width - pad.left - pad.right;
  const plotH = height - pad.top - pad.bottom;
  const step = values.length > 1 ? plotW / (values.length - 1) : 0;
  return values
    .map((value, i) => {
      const x = pad.left + (values.length > 1 ? i * step : plotW / 2);
      const y = pad.top + plotH - (max > 0 ? (value / max) * plotH : 0);
      return `${x.toFixed(1)},${y.toFixed(1)}`;
    })
    .join(" ");
}

/**
 * A small hand-written SVG line chart (DESIGN.md section 2: no chart library): one line per
 * series over the days, the top value and the first and last day labelled. Its text alternative
 * states the totals; the figures themselves are in the cards above it.
 */
export function LineChart({
  labels,
  series,
  summary,
}: {
  /** One label per point (the days), the first and last are drawn. */
  labels: string[];
  series: Series[];
  /** What the chart shows, for screen readers. */
  summary: string;
}) {
  const max = Math.max(1, ...series.flatMap((s) => s.values));
  const floor = height - pad.bottom;
  return (
    <figure className="flex flex-col gap-2">
      <svg
        viewBox={`0 0 ${width} ${height}`}
        role="img"
        aria-label={summary}
        data-testid="analytics-chart"
        className="h-auto w-full overflow-visible"
      >
        <line
          x1={pad.left}
          x2={width - pad.right}
          y1={floor}
          y2={floor}
          className="stroke-border"
        />
        <line
          x1={pad.left}
          x2={width - pad.right}
          y1={pad.top}
          y2={pad.top}
          strokeDasharray="4 4"
          className="stroke-border"
        />
        <text
          x={pad.left - 6}
          y={pad.top + 4}
          textAnchor="end"
          className="fill-muted-foreground text-[11px]"
        >
          {max}
        </text>
        <text
          x={pad.left - 6}
          y={floor + 4}
          textAnchor="end"
          className="fill-muted-foreground text-[11px]"
        >
          0
        </text>
        <text x={pad.left} y={height - 4} className="fill-muted-foreground text-[11px]">
          {labels[0]}
        </text>
        <text
          x={width - pad.right}
          y={height - 4}
          textAnchor="end"
          className="fill-muted-foreground text-[11px]"
        >
          {labels.at(-1)}
        </text>
        {series.map((s) => (
          <polyline
            key={s.name}
            data-series={s.name}
            points={linePoints(s.values, max)}
            fill="none"
            strokeWidth={2.5}
            strokeLinejoin="round"
            strokeLinecap="round"
            stroke={s.color}
          />
        ))}
        {/* A single day has no line to draw: its values show as dots. */}
        {series.map((s) =>
          s.values.length === 1 ? (
            <circle
              key={`${s.name}-dot`}
              cx={linePoints(s.values, max).split(",")[0]}
              cy={linePoints(s.values, max).split(",")[1]}
              r={4}
              fill={s.color}
            />
          ) : null,
        )}
      </svg>
      <figcaption className="flex gap-4 text-xs text-muted-foreground">
        {series.map((s) => (
          <span key={s.name} className="inline-flex items-center gap-1.5">
            <span
              aria-hidden="true"
              className="inline-block h-0.5 w-4"
              style={{ background: s.color }}
            />
            {s.name}
          </span>
        ))}
      </figcaption>
    </figure>
  );
}
