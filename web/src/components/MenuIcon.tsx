/**
 * Renders an @ant-design/icons component by name (menu items name their icon). The icons
 * menus use are bundled (importing the whole set would defeat tree-shaking); an unknown
 * name shows a neutral icon.
 */
import type { ComponentType } from 'react';
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
  HomeOutlined,
  IdcardOutlined,
  MenuOutlined,
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

const COMMON: Record<string, IconType> = {
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
  HomeOutlined,
  IdcardOutlined,
  MenuOutlined,
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
  const Icon = COMMON[name] ?? AppstoreOutlined;
  return <Icon />;
}
