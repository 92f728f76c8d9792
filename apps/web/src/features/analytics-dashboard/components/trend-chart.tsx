import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import styles from './dashboard.module.css';

export interface TrendSeries {
  label: string;
  values: number[];
  /** A CSS colour or custom property name (--color-primary). */
  color: string;
  kind: 'line' | 'bars';
}

const cssColor = (value: string) =>
  value.startsWith('--')
    ? getComputedStyle(document.documentElement).getPropertyValue(value).trim() || '#2f7cf6'
    : value;

/**
 * A small uPlot chart of daily or hourly series, sized to its container (phones included). `x`
 * are instants (epoch seconds) labelled in `timeZone`. uPlot draws on a canvas, so the figure's
 * numbers are also in the labelled summary read by screen readers.
 */
export function TrendChart({
  label,
  x,
  timeZone,
  series,
  format,
}: {
  label: string;
  x: number[];
  timeZone: string;
  series: TrendSeries[];
  format: (n: number) => string;
}) {
  const box = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const muted = cssColor('--color-text-muted');
    const grid = cssColor('--color-text-10');
    const axis = { stroke: muted, grid: { stroke: grid }, ticks: { stroke: grid } };
    const opts: uPlot.Options = {
      width: Math.max(260, el.clientWidth),
      height: el.clientWidth < 480 ? 180 : 220,
      tzDate: (ts) => uPlot.tzDate(new Date(ts * 1000), timeZone),
      scales: { x: { time: true }, y: { range: (_u, _min, max) => [0, Math.max(1, max) * 1.1] } },
      axes: [
        { ...axis, space: 60 },
        { ...axis, size: 56, values: (_u, ticks) => ticks.map((v) => format(v)) },
      ],
      legend: { show: true, live: false },
      cursor: { drag: { x: false, y: false } },
      series: [
        {},
        ...series.map((s) => {
          const color = cssColor(s.color);
          return s.kind === 'bars'
            ? {
                label: s.label,
                stroke: color,
                fill: /^#[0-9a-f]{6}$/i.test(color) ? `${color}99` : color,
                paths: uPlot.paths.bars?.({ size: [0.6, 40] }),
                points: { show: false },
              }
            : { label: s.label, stroke: color, width: 2, points: { show: x.length < 40 } };
        }),
      ],
    };
    const data: uPlot.AlignedData = [x, ...series.map((s) => s.values)];
    const chart = new uPlot(opts, data, el);
    const resize = new ResizeObserver(() => {
      chart.setSize({
        width: Math.max(260, el.clientWidth),
        height: el.clientWidth < 480 ? 180 : 220,
      });
    });
    resize.observe(el);
    return () => {
      resize.disconnect();
      chart.destroy();
    };
  }, [x, timeZone, series, format]);

  const summary = series
    .map((s) => `${s.label}: ${format(s.values.reduce((a, b) => a + b, 0))}`)
    .join(', ');
  return (
    <figure className={styles.chart}>
      <figcaption className={styles.chartTitle}>{label}</figcaption>
      <div
        ref={box}
        className={styles.chartCanvas}
        role="img"
        aria-label={`${label}. ${summary}`}
      />
    </figure>
  );
}
