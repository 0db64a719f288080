import { largest } from "./parts";

/** One series of the chart: a name for the legend and screen readers, its colour, its values. */
export interface Series {
  name: string;
  /** A CSS colour (an attribute, not a class: Tailwind only sees classes written out in full). */
  color: string;
  values: number[];
}

const width = 640;
const height = 200;
/** The peak's line and the floor, in the SVG's units. */
const top = 4;
const bottom = 196;

/**
 * The points of a series as an SVG polyline's `points`, scaled into the plot area. A single day
 * is drawn as a flat line across the width (a point alone would be invisible).
 */
export function linePoints(values: number[], max: number): string {
  const points = values.length === 1 ? [values[0] ?? 0, values[0] ?? 0] : values;
  const step = points.length > 1 ? width / (points.length - 1) : 0;
  return points
    .map((value, i) => {
      const x = i * step;
      const y = bottom - (max > 0 ? (value / max) * (bottom - top) : 0);
      return `${x.toFixed(1)},${y.toFixed(1)}`;
    })
    .join(" ");
}

/**
 * A small hand-written SVG line chart (DESIGN.md section 2: no chart library): one line per
 * series over the days. The SVG stretches to its box (a fixed height at every width, strokes not
 * scaled); its labels are HTML around it, so they keep their size on a phone. Its text
 * alternative states the totals; the figures themselves are in the cards above it.
 */
export function LineChart({
  labels,
  series,
  summary,
}: {
  /** One label per point (the days); the first and last are shown. */
  labels: string[];
  series: Series[];
  /** What the chart shows, for screen readers. */
  summary: string;
}) {
  const max = largest(
    series.flatMap((s) => s.values),
    1,
  );
  return (
    <figure className="flex flex-col gap-1">
      <p aria-hidden="true" className="text-xs text-muted-foreground">
        Peak {max}
      </p>
      <svg
        viewBox={`0 0 ${width} ${height}`}
        preserveAspectRatio="none"
        role="img"
        aria-label={summary}
        data-testid="analytics-chart"
        className="h-40 w-full overflow-visible sm:h-52"
      >
        {[top, bottom].map((y) => (
          <line
            key={y}
            x1={0}
            x2={width}
            y1={y}
            y2={y}
            strokeDasharray={y === top ? "4 4" : undefined}
            vectorEffect="non-scaling-stroke"
            className="stroke-border"
          />
        ))}
        {series.map((s) => (
          <polyline
            key={s.name}
            data-series={s.name}
            points={linePoints(s.values, max)}
            fill="none"
            strokeWidth={2.5}
            strokeLinejoin="round"
            strokeLinecap="round"
            vectorEffect="non-scaling-stroke"
            stroke={s.color}
          />
        ))}
      </svg>
      <div aria-hidden="true" className="flex justify-between text-xs text-muted-foreground">
        <span>{labels[0]}</span>
        <span>{labels.at(-1)}</span>
      </div>
      <figcaption className="mt-1 flex gap-4 text-xs text-muted-foreground">
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
