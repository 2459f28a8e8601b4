/** Per-application figures of the range (created, completed, open) as a grouped bar chart. */
import { Column } from '@ant-design/charts';
import { Empty } from 'antd';
import { useReducedMotion } from '../../app/reducedMotion.ts';
import type { SeriesPoint } from './chartData.ts';

export default function AppBarChart({ data }: { data: SeriesPoint[] }) {
  // Drawn at once, without the entry animation, when the system asks for reduced motion.
  const animate = useReducedMotion() ? false : undefined;
  if (!data.length) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />;
  return (
    <div data-testid="app-chart">
      <Column
        data={data}
        animate={animate}
        xField="x"
        yField="value"
        colorField="series"
        group
        height={300}
        autoFit
        axis={{ y: { title: false }, x: { title: false } }}
        legend={{ color: { position: 'top' } }}
        scale={{ color: { range: ['#1677ff', '#52c41a', '#fa8c16'] } }}
      />
    </div>
  );
}
