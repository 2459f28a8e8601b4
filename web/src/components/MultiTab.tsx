/**
 * The multi-tab bar (docs/product.md, section 2): a tab per visited route, the active tab follows
 * the route. Right-click a tab for close current/right/left/all (all keeps the clicked
 * tab). The last remaining tab cannot be closed; closing the active tab selects the last
 * remaining one; 'no tabs on the left' / 'no tabs on the right' when there is nothing to close.
 */
import { useEffect, useRef } from 'react';
import { Dropdown, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { feedback } from '../app/feedback.tsx';
import { translateTitle } from '../app/i18n.ts';
import { useCurrentRoute } from '../app/routeContext.ts';
import { useSettings } from '../app/settings.ts';
import { useTabs, type CloseResult } from './tabs.ts';

type Op = 'closeCurrent' | 'closeRight' | 'closeLeft' | 'closeAll';

export default function MultiTab() {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const current = useCurrentRoute();
  const tabs = useTabs((s) => s.tabs);
  // Max width 1200px in the fixed-width (top-menu) layout, 100% when fluid (docs/product.md, section 9).
  const fixed = useSettings((s) => s.contentWidth === 'Fixed' && !s.isMobile);

  // Keyed on the location's key as well: React Router commits navigations in transitions, so
  // a quick A -> B -> A may commit only the last, with the same pathname as before; its new
  // key still re-opens the tab that was closed in between.
  useEffect(() => {
    if (!current || current.redirect || !current.meta.title) return;
    useTabs.getState().open({
      key: location.pathname,
      fullPath: location.pathname + location.search,
      title: current.meta.title,
      suffix: current.params.id ? `#${current.params.id}` : undefined,
    });
  }, [current, location.pathname, location.search, location.key]);

  const activeKey = location.pathname;

  // antd puts the overflow ("more") button inside the element with role=tablist, which may
  // own only tabs: screen readers then announce a broken tab list once the tabs overflow.
  // The role moves to the inner list, which holds just the tabs (all of them, scrolled or
  // not), so the more button stays an ordinary button beside it.
  const bar = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const nav = bar.current?.querySelector('.ant-tabs-nav[role="tablist"]');
    const list = bar.current?.querySelector('.ant-tabs-nav-list');
    if (!nav || !list) return;
    list.setAttribute('role', 'tablist');
    list.setAttribute('aria-orientation', nav.getAttribute('aria-orientation') ?? 'horizontal');
    nav.removeAttribute('role');
    nav.removeAttribute('aria-orientation');
  });

  const run = (op: Op, key: string) => {
    const store = useTabs.getState();
    let result: CloseResult;
    if (op === 'closeCurrent') result = store.close(key);
    else if (op === 'closeLeft') result = store.closeLeft(key);
    else if (op === 'closeRight') result = store.closeRight(key);
    else result = store.closeOthers(key);
    if (result === 'none-left') feedback.message.info(t('multiTab.noLeft'));
    else if (result === 'none-right') feedback.message.info(t('multiTab.noRight'));
    else if (result === 'last') feedback.message.warning(t('multiTab.lastTab'));
    const remaining = useTabs.getState().tabs;
    if (!remaining.some((tab) => tab.key === activeKey)) {
      const last = remaining[remaining.length - 1];
      if (last) void navigate(last.fullPath);
    }
  };

  const menuItems = (['closeCurrent', 'closeRight', 'closeLeft', 'closeAll'] as Op[]).map((op) => ({
    key: op,
    label: t(`multiTab.${op}`),
  }));

  return (
    <div className="multi-tab" data-testid="multi-tab" ref={bar}>
      <Tabs
        className={fixed ? 'multi-tab-fixed' : undefined}
        type="editable-card"
        hideAdd
        size="small"
        activeKey={activeKey}
        onChange={(key) => {
          const tab = tabs.find((x) => x.key === key);
          if (tab) void navigate(tab.fullPath);
        }}
        onEdit={(key, action) => {
          if (action === 'remove' && typeof key === 'string') run('closeCurrent', key);
        }}
        items={tabs.map((tab) => ({
          key: tab.key,
          closable: tabs.length > 1,
          label: (
            <Dropdown trigger={['contextMenu']} menu={{ items: menuItems, onClick: ({ key }) => run(key as Op, tab.key) }}>
              <span className="multi-tab-label" data-tab-key={tab.key}>
                {translateTitle(tab.title)}
                {tab.suffix ? ` ${tab.suffix}` : ''}
              </span>
            </Dropdown>
          ),
        }))}
      />
    </div>
  );
}
