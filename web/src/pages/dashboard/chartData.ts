/** Reshapes the statistics replies into the long format the charts take (one row per series point). */
import type { AppStats, TrendPoint } from '@swo/contract';

export interface SeriesPoint {
  x: string;
  value: number;
  series: string;
}

export function trendSeries(trend: TrendPoint[], labels: { created: string; completed: string }): SeriesPoint[] {
  return trend.flatMap((p) => [
    { x: p.date.slice(5), value: p.created, series: labels.created },
    { x: p.date.slice(5), value: p.completed, series: labels.completed },
  ]);
}

export function appSeries(apps: AppStats[], labels: { created: string; completed: string; open: string }): SeriesPoint[] {
  return apps.flatMap((a) => [
    { x: a.application_name, value: a.created, series: labels.created },
    { x: a.application_name, value: a.completed, series: labels.completed },
    { x: a.application_name, value: a.open, series: labels.open },
  ]);
}
