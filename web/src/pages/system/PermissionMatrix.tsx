/**
 * The role editor's permission matrix, a form control (`value`/`onChange` of grants): a row
 * per grantable menu (directories as group rows), a column per action, a checkbox per cell
 * that is enabled only when the menu offers the action and the user may grant it, and a
 * select-all checkbox per row and per column.
 */
import { useMemo } from 'react';
import { Checkbox, Table, Tooltip, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { translateTitle } from '../../app/i18n.ts';
import {
  cellEnabled,
  columnState,
  hasGrant,
  matrixActions,
  rowState,
  setCell,
  setColumn,
  setRow,
  type Grants,
  type MatrixRow,
  type MayGrant,
  type TickState,
} from './permissionMatrix.ts';

export interface PermissionMatrixProps {
  rows: MatrixRow[];
  mayGrant: MayGrant;
  value?: Grants;
  onChange?: (grants: Grants) => void;
  disabled?: boolean;
}

/** Column widths: thirteen actions fit beside the menus in a drawer on a 1280 px screen. */
const MENU_WIDTH = 180;
const ACTION_WIDTH = 76;

/** Checked and indeterminate props of a select-all box. */
const tick = (s: TickState) => ({ checked: s === 'all', indeterminate: s === 'some' });

export default function PermissionMatrix({ rows, mayGrant, value = {}, onChange, disabled }: PermissionMatrixProps) {
  const { t, i18n } = useTranslation();
  const actions = useMemo(() => matrixActions(rows), [rows]);
  const set = (g: Grants) => onChange?.(g);
  const menuName = (name: string) => translateTitle(name, i18n.language);
  const actionName = (a: string) => t(`permissionActions.${a}`, { defaultValue: a });

  const columns: TableColumnsType<MatrixRow> = [
    {
      title: t('role.matrix.menu'),
      key: 'menu',
      fixed: 'left',
      width: MENU_WIDTH,
      onCell: (r) => ({ colSpan: r.kind === 'group' ? actions.length + 1 : 1 }),
      render: (_, r) => {
        const indent = { paddingInlineStart: r.depth * 20 };
        if (r.kind === 'group')
          return (
            <Typography.Text strong type="secondary" style={indent}>
              {menuName(r.name)}
            </Typography.Text>
          );
        const s = rowState(value, r, mayGrant);
        return (
          <span style={indent}>
            <Checkbox
              {...tick(s)}
              disabled={disabled || !r.actions.some((a) => mayGrant(r.key, a))}
              onChange={(e) => set(setRow(value, r, e.target.checked, mayGrant))}
              data-testid={`matrix-row-${r.key}`}
            >
              {menuName(r.name)}
            </Checkbox>
          </span>
        );
      },
    },
    ...actions.map((a): TableColumnsType<MatrixRow>[number] => ({
      key: a,
      width: ACTION_WIDTH,
      align: 'center',
      title: (
        <Checkbox
          className="matrix-column-check"
          {...tick(columnState(value, rows, a, mayGrant))}
          disabled={disabled || !rows.some((r) => r.kind === 'menu' && cellEnabled(r, a, mayGrant))}
          onChange={(e) => set(setColumn(value, rows, a, e.target.checked, mayGrant))}
          data-testid={`matrix-col-${a}`}
        >
          {actionName(a)}
        </Checkbox>
      ),
      onCell: (r) => ({ colSpan: r.kind === 'group' ? 0 : 1 }),
      render: (_, r) => {
        if (r.kind === 'group' || !r.actions.includes(a)) return <Checkbox disabled aria-label={`${menuName(r.name)} · ${actionName(a)}`} />;
        const box = (
          <Checkbox
            checked={hasGrant(value, r.key, a)}
            disabled={disabled || !mayGrant(r.key, a)}
            onChange={(e) => set(setCell(value, r.key, a, e.target.checked))}
            aria-label={`${menuName(r.name)} · ${actionName(a)}`}
            data-testid={`matrix-${r.key}-${a}`}
          />
        );
        return mayGrant(r.key, a) ? box : <Tooltip title={t('role.matrix.notHeld')}>{box}</Tooltip>;
      },
    })),
  ];

  return (
    <Table<MatrixRow>
      className="permission-matrix"
      rowKey={(r) => `${r.kind}:${r.key}`}
      size="small"
      bordered
      columns={columns}
      dataSource={rows}
      pagination={false}
      scroll={{ x: MENU_WIDTH + actions.length * ACTION_WIDTH }}
      rowClassName={(r) => (r.kind === 'group' ? 'matrix-group-row' : '')}
      locale={{ emptyText: t('role.matrix.empty') }}
      data-testid="permission-matrix"
    />
  );
}
