import {
  AppstoreOutlined,
  CalendarOutlined,
  CarOutlined,
  CustomerServiceOutlined,
  EnvironmentOutlined,
  FileOutlined,
  FileTextOutlined,
  FolderOutlined,
  GlobalOutlined,
  HomeOutlined,
  NotificationOutlined,
  PictureOutlined,
  QuestionCircleOutlined,
  ReadOutlined,
  SettingOutlined,
  ShopOutlined,
  ShoppingOutlined,
  SolutionOutlined,
  TagsOutlined,
  TeamOutlined,
} from '@ant-design/icons';
import { MENU_ICONS, type MenuIcon } from '@portal/contract/content-tree';
import type { ComponentType } from 'react';

/** Every icon of the contract's icon list, drawn (the type makes a missing one a compile error). */
const ICONS: Record<MenuIcon, ComponentType> = {
  HomeOutlined,
  AppstoreOutlined,
  NotificationOutlined,
  TagsOutlined,
  CalendarOutlined,
  FileOutlined,
  FileTextOutlined,
  ReadOutlined,
  QuestionCircleOutlined,
  CustomerServiceOutlined,
  EnvironmentOutlined,
  ShopOutlined,
  ShoppingOutlined,
  CarOutlined,
  GlobalOutlined,
  TeamOutlined,
  SolutionOutlined,
  FolderOutlined,
  PictureOutlined,
  SettingOutlined,
};

export function ContentIcon({ name }: { name: string | null | undefined }) {
  const Icon = name && name in ICONS ? ICONS[name as MenuIcon] : null;
  return Icon ? <Icon /> : null;
}

/** The icon select's options: the icon and its name. */
export const iconOptions = (noIcon: string) => [
  { value: '', label: noIcon },
  ...MENU_ICONS.map((name) => ({
    value: name,
    label: (
      <span style={{ display: 'inline-flex', gap: 8, alignItems: 'center' }}>
        <ContentIcon name={name} />
        {name.replace(/Outlined$/, '')}
      </span>
    ),
  })),
];
