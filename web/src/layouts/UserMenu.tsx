/**
 * The header user menu (docs/product.md, section 2): shows the shop name from local storage
 * (default 'admin'); items account centre, account settings, switch company, change password and logout. Logout asks
 * 'are you sure you want to quit' (OK/Cancel), then signs out and goes to login.
 */
import { Avatar, Dropdown, Space } from 'antd';
import { LockOutlined, LogoutOutlined, SettingOutlined, SwapOutlined, UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { feedback } from '../app/feedback.tsx';
import { LOGIN_PATH } from '../app/routeTypes.ts';
import { useSession } from '../app/session.ts';
import { getItem, STORAGE_KEYS } from '../app/storage.ts';
import { useDialogs } from '../components/dialogs.ts';

/** Default shop name (docs/product.md, section 9). */
export const DEFAULT_SHOP_NAME = 'admin';

export default function UserMenu() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const avatar = useSession((s) => s.avatar);
  // Subscribed so that a nickname saved in the account settings shows at once.
  useSession((s) => s.name);
  const { openCompany, openPassword } = useDialogs();
  const shopName = getItem<string>(STORAGE_KEYS.shopName, '') || DEFAULT_SHOP_NAME;

  const confirmLogout = () => {
    feedback.modal.confirm({
      title: t('user.logout.title'),
      content: t('user.logout.confirm'),
      okText: t('buttons.ok'),
      cancelText: t('buttons.cancel'),
      onOk: async () => {
        await useSession.getState().logout();
        void navigate(LOGIN_PATH, { replace: true });
      },
    });
  };

  return (
    <Dropdown
      placement="bottomRight"
      menu={{
        items: [
          { key: 'center', icon: <UserOutlined />, label: t('user.menu.center') },
          { key: 'settings', icon: <SettingOutlined />, label: t('user.menu.settings') },
          { key: 'company', icon: <SwapOutlined />, label: t('user.menu.switchCompany') },
          { key: 'password', icon: <LockOutlined />, label: t('user.menu.changePassword') },
          { type: 'divider' },
          { key: 'logout', icon: <LogoutOutlined />, label: t('user.menu.logout'), danger: true },
        ],
        onClick: ({ key }) => {
          if (key === 'center') void navigate('/account/center');
          else if (key === 'settings') void navigate('/account/settings');
          else if (key === 'company') openCompany(true);
          else if (key === 'password') openPassword();
          else if (key === 'logout') confirmLogout();
        },
      }}
    >
      <Space className="header-action user-menu-trigger" data-testid="user-menu">
        <Avatar size="small" src={avatar || undefined} icon={<UserOutlined />} style={{ backgroundColor: '#1890ff' }} />
        <span className="user-name">{shopName}</span>
      </Space>
    </Dropdown>
  );
}
