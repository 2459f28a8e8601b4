/**
 * Writes antd's style sheets for the form controls, with the application's theme at the
 * default settings, to `src/styles/generated/antd-forms.css` (docs/design.md, "Form
 * rendering"). antd generates a component's CSS in the browser the first time the component
 * mounts (about 150 ms for the controls of a form); its CSS-in-JS skips that for every style
 * this file lists in its cache map (`.data-ant-cssinjs-cache-path`), which the page loads
 * with the application's CSS. Another theme (colour, dark mode) misses the map and is
 * generated in the browser as before. Run by `npm run build` and `npm run dev` (web).
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { renderToString } from 'react-dom/server';
import { createCache, extractStyle, StyleProvider } from '@ant-design/cssinjs';
import {
  Alert,
  App as AntApp,
  Button,
  Card,
  Cascader,
  Checkbox,
  ColorPicker,
  ConfigProvider,
  DatePicker,
  Divider,
  Form,
  Input,
  InputNumber,
  Radio,
  Rate,
  Select,
  Skeleton,
  Slider,
  Switch,
  Tabs,
  TimePicker,
  TreeSelect,
  Typography,
  Upload,
} from 'antd';
import { THEME_COLOURS } from '@swo/contract';
import { appTheme } from '../src/app/theme.ts';

// antd names its hash class by NODE_ENV when it loads (`css-` in production, a longer name in
// development), so the names written here match the build only under production.
if (process.env.NODE_ENV !== 'production') throw new Error('antd-styles: run with NODE_ENV=production (npm run styles -w web)');

const out = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../src/styles/generated/antd-forms.css');

const cache = createCache();
renderToString(
  <StyleProvider cache={cache}>
    <ConfigProvider theme={appTheme(THEME_COLOURS[0], false)}>
      <AntApp>
        <Form layout="vertical">
          <Form.Item label="input" name="input">
            <Input allowClear />
          </Form.Item>
          <Input.TextArea showCount maxLength={10} />
          <InputNumber />
          <Select options={[]} />
          <Select mode="multiple" options={[]} />
          <Radio.Group options={['a']} />
          <Checkbox.Group options={['a']} />
          <DatePicker />
          <DatePicker.RangePicker />
          <TimePicker />
          <Switch />
          <Rate />
          <Slider />
          <ColorPicker />
          <TreeSelect />
          <Cascader />
          <Upload />
          <Button type="primary">b</Button>
          <Divider>d</Divider>
          <Alert message="a" />
          <Card title="c">c</Card>
          <Tabs items={[{ key: '1', label: '1', children: '1' }]} />
          <Skeleton.Input active />
          <Typography.Title>t</Typography.Title>
          <Typography.Paragraph>p</Typography.Paragraph>
        </Form>
      </AntApp>
    </ConfigProvider>
  </StyleProvider>,
);
fs.mkdirSync(path.dirname(out), { recursive: true });
fs.writeFileSync(out, extractStyle(cache, { plain: true, types: ['style'] }));
console.log(`antd-styles: ${path.relative(process.cwd(), out)} (${Math.round(fs.statSync(out).size / 1024)} KiB)`);
