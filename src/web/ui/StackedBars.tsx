/**
 * A horizontal stacked bar chart in plain HTML: one row per item, its segments in proportion to the
 * largest total. It draws what a report's table already lists, so it costs a few hundred bytes
 * instead of a charting library, reads with the page's own fonts and colours (dark mode included),
 * and a screen reader hears each row as a sentence.
 */
import { Group, Text, VisuallyHidden } from '@mantine/core';

export interface BarSeries {
  /** The row's field that holds this figure. */
  name: string;
  label: string;
  /** A theme colour, as Mantine names it: 'blue.6'. */
  color: string;
}

interface StackedBarsProps<Row> {
  rows: Row[];
  /** The row's name, shown before its bar. */
  label: (row: Row) => string;
  series: BarSeries[];
  format: (value: number) => string;
  'aria-label': string;
}

const themeColor = (color: string) => `var(--mantine-color-${color.replace('.', '-')})`;

export function StackedBars<Row extends object>({
  rows,
  label,
  series,
  format,
  'aria-label': ariaLabel,
}: StackedBarsProps<Row>) {
  const figure = (row: Row, name: string) => Number((row as Record<string, unknown>)[name]) || 0;
  const total = (row: Row) => series.reduce((sum, s) => sum + figure(row, s.name), 0);
  const largest = Math.max(1, ...rows.map(total));
  return (
    <figure className="stacked-bars" aria-label={ariaLabel}>
      <Group gap="md" mb="sm" aria-hidden>
        {series.map((s) => (
          <Group key={s.name} gap={6} wrap="nowrap">
            <span className="stacked-bars-swatch" style={{ background: themeColor(s.color) }} />
            <Text size="sm">{s.label}</Text>
          </Group>
        ))}
      </Group>
      <ul className="stacked-bars-rows">
        {rows.map((row) => {
          const name = label(row);
          return (
            <li key={name} className="stacked-bars-row">
              <Text size="sm" truncate className="stacked-bars-label" title={name}>
                {name}
              </Text>
              <div className="stacked-bars-bar" aria-hidden>
                {series.map((s) => {
                  const value = figure(row, s.name);
                  return (
                    value > 0 && (
                      <span
                        key={s.name}
                        title={`${s.label}: ${format(value)}`}
                        style={{ width: `${(value / largest) * 100}%`, background: themeColor(s.color) }}
                      />
                    )
                  );
                })}
              </div>
              <Text size="sm" className="stacked-bars-total" aria-hidden>
                {format(total(row))}
              </Text>
              <VisuallyHidden>
                : {series.map((s) => `${s.label} ${format(figure(row, s.name))}`).join(', ')}
              </VisuallyHidden>
            </li>
          );
        })}
      </ul>
    </figure>
  );
}
