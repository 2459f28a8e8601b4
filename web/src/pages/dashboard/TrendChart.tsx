/** The created / completed trend of the range as a line chart. */
import { Line } from '@ant-design/charts';
import { Empty } from 'antd';
import { useReducedMotion } from '../../app/reducedMotion.ts';
import type { SeriesPoint } from './chartData.ts';

export default function TrendChart({ data }: { data: SeriesPoint[] }) {
  // Drawn at once, without the entry animation, when the system asks for reduced motion.
  const animate = useReducedMotion() ? false : undefined;
  if (!data.length) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />;
  return (
    <div data-testid="trend-chart">
      <Line
        data={data}
        animate={animate}
        xField="x"
        yField="value"
        colorField="series"
        height={300}
        autoFit
        point={{ shapeField: 'circle', sizeField: 3 }}
        axis={{ x: { labelAutoHide: true, labelAutoRotate: false }, y: { title: false } }}
        legend={{ color: { position: 'top' } }}
        scale={{ color: { range: ['#1677ff', '#52c41a'] } }}
      />
    </div>
  );
}
