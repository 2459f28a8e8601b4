/**
 * Picks a menu icon from the contract's registry (MENU_ICONS), each option showing the icon
 * itself; the value '' is "no icon".
 */
import { Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { MENU_ICONS } from '@swo/contract';
import MenuIcon from '../../components/MenuIcon.tsx';

const OPTIONS = MENU_ICONS.map((name) => ({
  value: name,
  label: (
    <Space size={8}>
      <MenuIcon name={name} />
      <span>{name.replace(/Outlined$/, '')}</span>
    </Space>
  ),
}));

export default function IconSelect({ value, onChange, id }: { value?: string; onChange?: (v: string) => void; id?: string }) {
  const { t } = useTranslation();
  return (
    <Select
      id={id}
      value={value || undefined}
      onChange={(v?: string) => onChange?.(v ?? '')}
      options={OPTIONS}
      allowClear
      showSearch
      filterOption={(input, o) => !!o?.value.toLowerCase().includes(input.trim().toLowerCase())}
      placeholder={t('platform.menus.noIcon')}
      listHeight={320}
      data-testid="menu-icon"
    />
  );
}
