/**
 * The row buttons the organisation's tables share: edit, enable or disable (by the row's
 * status) and delete, each shown only when the route grants `<permission>.<action>` and the
 * screen passes its handler (leave a handler out to hide the button, e.g. for a read-only
 * row). Test ids are `<permission>-edit`, `<permission>-status` and `<permission>-delete`.
 * `leading` goes before the shared buttons, `children` between the status and delete ones.
 */
import type { ReactNode } from 'react';
import { Button, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import type { PermissionId } from '@swo/contract';
import { usePermission } from '../../app/routeContext.ts';

export interface RowActionsProps {
  /** The menu's permission id: its actions gate the buttons and prefix the test ids. */
  permission: PermissionId;
  /** The row's status: 1 offers disable, anything else enable. */
  status: number;
  onEdit?: () => void;
  onToggle?: () => void;
  onDelete?: () => void;
  /** Buttons before edit (e.g. "add a child"). */
  leading?: ReactNode;
  /** Buttons between enable/disable and delete. */
  children?: ReactNode;
  /** Let the buttons wrap onto a second line in a narrow column. */
  wrap?: boolean;
}

export default function RowActions({ permission: p, status, onEdit, onToggle, onDelete, leading, children, wrap }: RowActionsProps) {
  const { t } = useTranslation();
  const can = usePermission();
  const enabled = status === 1;
  return (
    <Space size={0} wrap={wrap}>
      {leading}
      {onEdit && can(`${p}.edit`) ? (
        <Button type="link" size="small" onClick={onEdit} data-testid={`${p}-edit`}>
          {t('org.actions.edit')}
        </Button>
      ) : null}
      {onToggle && can(`${p}.${enabled ? 'disable' : 'enable'}`) ? (
        <Button type="link" size="small" onClick={onToggle} data-testid={`${p}-status`}>
          {t(enabled ? 'org.actions.disable' : 'org.actions.enable')}
        </Button>
      ) : null}
      {children}
      {onDelete && can(`${p}.delete`) ? (
        <Button type="link" size="small" danger onClick={onDelete} data-testid={`${p}-delete`}>
          {t('org.actions.delete')}
        </Button>
      ) : null}
    </Space>
  );
}
