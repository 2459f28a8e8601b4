/**
 * Adds or edits a menu in a modal: parent (the tree; root allowed; the menu itself and what
 * lies below it greyed out), key (read-only for a built-in menu), title, url (an internal
 * path or an http(s) link, which opens in a new tab), component and icon from the
 * contract's registries, redirect, sort, shown in the menu, type and the actions it offers
 * (the status has its own button in the table). Checked with the contract's own field
 * rules; the server's 400 shows on the fields; a changed form asks before closing.
 */
import { useMemo } from 'react';
import { Checkbox, Col, Form, Input, InputNumber, Modal, Radio, Row, Select, Switch, TreeSelect } from 'antd';
import { useTranslation } from 'react-i18next';
import { ACTION_KEYS, MENU_COMPONENTS, MENU_ICONS, menuUrlField, type ActionKey, type MenuComponent, type MenuIcon, type MenuRow } from '@swo/contract';
import { call, callExact } from '../../app/api.ts';
import { isExternalUrl } from '../../app/dynamicRoutes.ts';
import { feedback } from '../../app/feedback.tsx';
import { translateTitle } from '../../app/i18n.ts';
import { schemaRule } from '../../components/formDialog.ts';
import { useFormDialog } from '../../components/useFormDialog.ts';
import IconSelect from './IconSelect.tsx';
import { parentOptions, selfAndBelow } from './menuTree.ts';

/** What the dialog does: add (under `pid`, 0 = top level) or edit `menu`. */
export type MenuFormMode = { kind: 'add'; pid: number } | { kind: 'edit'; menu: MenuRow };

interface Values {
  pid: number;
  key: string;
  name: string;
  url: string;
  url_name: MenuComponent;
  icon: MenuIcon | '';
  redirect: string;
  sort: number;
  show: number;
  menuType: number;
  actions: ActionKey[];
}

const NEW: Omit<Values, 'pid'> = {
  key: '',
  name: '',
  url: '',
  url_name: 'RouteView',
  icon: '',
  redirect: '',
  sort: 0,
  show: 1,
  menuType: 1,
  actions: [],
};
const KEY = /^[A-Za-z][\w-]*$/;

/** A menu's form values; a component or icon the registries no longer know falls back to RouteView or no icon. */
function editValues(m: MenuRow): Values {
  const actions = m.actions.filter((a): a is ActionKey => (ACTION_KEYS as readonly string[]).includes(a));
  const url_name = (MENU_COMPONENTS as readonly string[]).includes(m.url_name) ? (m.url_name as MenuComponent) : 'RouteView';
  const icon = (MENU_ICONS as readonly string[]).includes(m.icon) ? (m.icon as MenuIcon) : '';
  return { ...m, actions, url_name, icon };
}

export interface MenuFormProps {
  mode: MenuFormMode | null;
  menus: MenuRow[];
  onClose: () => void;
  onSaved: () => void;
}

export default function MenuForm({ mode, menus, onClose, onSaved }: MenuFormProps) {
  const { t, i18n } = useTranslation();
  const [form] = Form.useForm<Values>();
  const editing = mode?.kind === 'edit' ? mode.menu : null;

  const dialog = useFormDialog({
    form,
    target: mode,
    values: (m) => (m.kind === 'edit' ? editValues(m.menu) : { ...NEW, pid: m.pid }),
    save: async (values) => {
      const body = { ...values, key: values.key.trim(), name: values.name.trim(), url: values.url.trim(), redirect: (values.redirect ?? '').trim() };
      if (editing) await callExact('menuUpdate', { ...body, id: editing.id, key: editing.builtin ? editing.key : body.key });
      else await call('menuAdd', body);
      void feedback.message.success(t('org.saved'));
    },
    onSaved,
    onClose,
  });

  const parents = useMemo(() => {
    const blocked = editing ? selfAndBelow(menus, editing.id) : new Set<number>();
    const title = (r: MenuRow) => translateTitle(r.name, i18n.language);
    return [{ value: 0, title: t('platform.menus.root') }, ...parentOptions(menus, blocked, title)];
  }, [menus, editing, t, i18n.language]);

  // A link opens in a new tab: it is a page bound to the Link component.
  const onValuesChange = (changed: Partial<Values>) => {
    if (changed.url !== undefined && isExternalUrl(changed.url)) form.setFieldsValue({ url_name: 'Link', menuType: 1 });
  };

  const required = (label: string) => ({ required: true, whitespace: true, message: t('org.required', { label }) });
  const urlRule = schemaRule(menuUrlField, t('platform.menus.urlInvalid'), true);

  return (
    <Modal
      title={editing ? t('platform.menus.edit') : t('platform.menus.add')}
      {...dialog.modalProps}
      width={760}
      okText={t('org.actions.save')}
      cancelText={t('buttons.cancel')}
    >
      <Form form={form} layout="vertical" requiredMark="optional" onValuesChange={onValuesChange} data-testid="menu-form">
        <Row gutter={16}>
          <Col xs={24} sm={12}>
            <Form.Item name="pid" label={t('platform.menus.parent')}>
              <TreeSelect treeData={parents} treeDefaultExpandAll showSearch treeNodeFilterProp="title" listHeight={320} data-testid="menu-parent" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="menuType" label={t('platform.menus.type')}>
              <Radio.Group optionType="button" options={[0, 1, 2].map((v) => ({ value: v, label: t(`platform.menus.types.${v}`) }))} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="name" label={t('platform.menus.name')} extra={t('platform.menus.nameHint')} rules={[required(t('platform.menus.name'))]}>
              <Input maxLength={64} autoFocus data-testid="menu-name" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item
              name="key"
              label={t('platform.menus.key')}
              extra={editing?.builtin ? t('platform.menus.builtinKey') : t('platform.menus.keyHint')}
              rules={[required(t('platform.menus.key')), { pattern: KEY, message: t('platform.menus.keyInvalid') }]}
            >
              <Input maxLength={64} disabled={!!editing?.builtin} data-testid="menu-key" />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item name="url" label={t('platform.menus.url')} extra={t('platform.menus.urlHint')} rules={[required(t('platform.menus.url')), urlRule]}>
              <Input maxLength={255} placeholder="/system/example | https://example.com" data-testid="menu-url" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="url_name" label={t('platform.menus.component')} extra={t('platform.menus.componentHint')}>
              <Select showSearch options={MENU_COMPONENTS.map((c) => ({ value: c, label: c }))} data-testid="menu-component" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="icon" label={t('platform.menus.icon')}>
              <IconSelect />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="redirect" label={t('platform.menus.redirect')} extra={t('platform.menus.redirectHint')} rules={[urlRule]}>
              <Input maxLength={255} data-testid="menu-redirect" />
            </Form.Item>
          </Col>
          <Col xs={12} sm={6}>
            <Form.Item name="sort" label={t('org.fields.sort')}>
              <InputNumber min={0} max={1_000_000} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={12} sm={6}>
            <Form.Item
              name="show"
              label={t('platform.menus.show')}
              getValueProps={(v: number) => ({ checked: v === 1 })}
              normalize={(c: boolean) => (c ? 1 : 0)}
            >
              <Switch data-testid="menu-show" />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item name="actions" label={t('platform.menus.actions')} extra={t('platform.menus.actionsHint')}>
              <Checkbox.Group options={ACTION_KEYS.map((a) => ({ value: a, label: t(`permissionActions.${a}`) }))} data-testid="menu-actions" />
            </Form.Item>
          </Col>
        </Row>
      </Form>
    </Modal>
  );
}
