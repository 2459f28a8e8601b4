/**
 * Renders an @ant-design/icons component by name (menu items name their icon). The icons
 * menus use are bundled (importing the whole set would defeat tree-shaking); an unknown
 * name shows a neutral icon.
 */
import type { ComponentType } from 'react';
import type { MenuIcon as MenuIconName } from '@swo/contract';
import {
  AppstoreOutlined,
  ApartmentOutlined,
  AuditOutlined,
  BarChartOutlined,
  BellOutlined,
  ClusterOutlined,
  DashboardOutlined,
  FileSearchOutlined,
  FileTextOutlined,
  FormOutlined,
  GlobalOutlined,
  HomeOutlined,
  IdcardOutlined,
  LinkOutlined,
  MenuOutlined,
  MonitorOutlined,
  ProfileOutlined,
  SafetyOutlined,
  SettingOutlined,
  ShopOutlined,
  SolutionOutlined,
  TagsOutlined,
  TeamOutlined,
  UnorderedListOutlined,
  UserOutlined,
} from '@ant-design/icons';

type IconType = ComponentType<{ className?: string }>;

/** Exactly the contract's registry (MENU_ICONS): a registered icon missing here fails to compile. */
const COMMON: Record<MenuIconName, IconType> = {
  AppstoreOutlined,
  ApartmentOutlined,
  AuditOutlined,
  BarChartOutlined,
  BellOutlined,
  ClusterOutlined,
  DashboardOutlined,
  FileSearchOutlined,
  FileTextOutlined,
  FormOutlined,
  GlobalOutlined,
  HomeOutlined,
  IdcardOutlined,
  LinkOutlined,
  MenuOutlined,
  MonitorOutlined,
  ProfileOutlined,
  SafetyOutlined,
  SettingOutlined,
  ShopOutlined,
  SolutionOutlined,
  TagsOutlined,
  TeamOutlined,
  UnorderedListOutlined,
  UserOutlined,
};

export default function MenuIcon({ name }: { name?: string }) {
  if (!name) return null;
  const Icon = (COMMON as Record<string, IconType | undefined>)[name] ?? AppstoreOutlined;
  return <Icon />;
}
