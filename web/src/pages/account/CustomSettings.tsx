/**
 * The custom section of the account settings (docs/design.md, "Account pages"): the theme
 * settings of docs/product.md section 3, applied at once and saved as the person's own, so
 * they follow them to every device: menu style, dark mode, theme colour, navigation,
 * content width, fixed header and sidebar, colour-weak mode, multi-tab bar.
 */
import type { ReactNode } from 'react';
import { List, Radio, Switch, Tooltip } from 'antd';
import { CheckOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { feedback } from '../../app/feedback.tsx';
import { changeUiSettings, PALETTE, useSettings, type Settings } from '../../app/settings.ts';

/** The names of the palette's colours (docs/product.md, section 3), keyed for the texts. */
const COLOUR_NAMES = ['daybreak', 'dust', 'volcano', 'sunset', 'cyan', 'green', 'geekblue', 'purple'];

export default function CustomSettings() {
  const { t } = useTranslation();
  const s = useSettings();
  const dark = s.theme === 'realDark';
  const change = (patch: Partial<Settings>) =>
    void changeUiSettings(patch).then(
      () => feedback.message.success({ content: t('account.custom.saved'), key: 'ui-settings' }),
      () => undefined,
    );

  const rows: { key: string; title: string; text: string; control: ReactNode }[] = [
    {
      key: 'dark',
      title: t('account.custom.darkMode'),
      text: t('account.custom.darkModeText'),
      control: <Switch checked={dark} onChange={(on) => change({ theme: on ? 'realDark' : 'dark' })} aria-label={t('account.custom.darkMode')} />,
    },
    {
      key: 'menu',
      title: t('account.custom.menuStyle'),
      text: t('account.custom.menuStyleText'),
      control: (
        <Radio.Group
          optionType="button"
          disabled={dark}
          value={dark ? 'dark' : s.theme}
          onChange={(e) => change({ theme: e.target.value as Settings['theme'] })}
          options={[
            { value: 'dark', label: t('account.custom.menuDark') },
            { value: 'light', label: t('account.custom.menuLight') },
          ]}
        />
      ),
    },
    {
      key: 'colour',
      title: t('account.custom.colour'),
      text: t('account.custom.colourText'),
      control: (
        <div className="theme-swatches" role="radiogroup" aria-label={t('account.custom.colour')}>
          {PALETTE.map((c, i) => {
            const on = c.toLowerCase() === s.primaryColor.toLowerCase();
            const name = t(`account.custom.colours.${COLOUR_NAMES[i]}`);
            return (
              <Tooltip key={c} title={name}>
                <button
                  type="button"
                  role="radio"
                  aria-checked={on}
                  aria-label={name}
                  className="theme-swatch"
                  style={{ background: c }}
                  onClick={() => change({ primaryColor: c })}
                >
                  {on ? <CheckOutlined /> : null}
                </button>
              </Tooltip>
            );
          })}
        </div>
      ),
    },
    {
      key: 'layout',
      title: t('account.custom.navigation'),
      text: t('account.custom.navigationText'),
      control: (
        <Radio.Group
          optionType="button"
          value={s.layout}
          onChange={(e) => change({ layout: e.target.value as Settings['layout'] })}
          options={[
            { value: 'sidemenu', label: t('account.custom.side') },
            { value: 'topmenu', label: t('account.custom.top') },
          ]}
        />
      ),
    },
    {
      key: 'width',
      title: t('account.custom.contentWidth'),
      text: t('account.custom.contentWidthText'),
      control: (
        <Radio.Group
          optionType="button"
          value={s.contentWidth}
          onChange={(e) => change({ contentWidth: e.target.value as Settings['contentWidth'] })}
          options={[
            { value: 'Fluid', label: t('account.custom.fluid') },
            { value: 'Fixed', label: t('account.custom.fixed') },
          ]}
        />
      ),
    },
    {
      key: 'header',
      title: t('account.custom.fixedHeader'),
      text: t('account.custom.fixedHeaderText'),
      control: <Switch checked={s.fixedHeader} onChange={(on) => change({ fixedHeader: on })} aria-label={t('account.custom.fixedHeader')} />,
    },
    {
      key: 'sider',
      title: t('account.custom.fixedSider'),
      text: s.layout === 'topmenu' ? t('account.custom.fixedSiderTop') : t('account.custom.fixedSiderText'),
      control: (
        <Switch
          checked={s.fixSiderbar}
          disabled={s.layout === 'topmenu'}
          onChange={(on) => change({ fixSiderbar: on })}
          aria-label={t('account.custom.fixedSider')}
        />
      ),
    },
    {
      key: 'weak',
      title: t('account.custom.colorWeak'),
      text: t('account.custom.colorWeakText'),
      control: <Switch checked={s.colorWeak} onChange={(on) => change({ colorWeak: on })} aria-label={t('account.custom.colorWeak')} />,
    },
    {
      key: 'tabs',
      title: t('account.custom.multiTab'),
      text: t('account.custom.multiTabText'),
      control: <Switch checked={s.multiTab} onChange={(on) => change({ multiTab: on })} aria-label={t('account.custom.multiTab')} />,
    },
  ];

  return (
    <List
      data-testid="custom-settings"
      itemLayout="horizontal"
      dataSource={rows}
      renderItem={(r) => (
        <List.Item key={r.key} actions={[r.control]}>
          <List.Item.Meta title={r.title} description={r.text} />
        </List.Item>
      )}
    />
  );
}
