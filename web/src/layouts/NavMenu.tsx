/**
 * The navigation menu built from the menu-derived routes (hidden routes left out), inline
 * in the sidebar or horizontal in the top-menu layout. The selected item follows the route
 * (a hidden detail page selects its list). An external link (an http(s) menu url) is a
 * real link opening in a new tab, never a navigation inside the SPA.
 */
import { useEffect, useMemo, useState } from 'react';
import { Menu, type MenuProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { externalLink } from '../app/dynamicRoutes.ts';
import { translateTitle } from '../app/i18n.ts';
import type { AppRoute } from '../app/routeTypes.ts';
import { useSession } from '../app/session.ts';
import MenuIcon from '../components/MenuIcon.tsx';

type Item = Required<MenuProps>['items'][number];

/** Menu items of `routes`, titles in `lang` (which makes the memo follow the language). */
function toItems(routes: AppRoute[], lang: string): Item[] {
  const items: Item[] = [];
  for (const r of routes) {
    if (r.meta.hidden) continue;
    const visibleChildren = (r.children ?? []).filter((c) => !c.meta.hidden);
    const title = translateTitle(r.meta.title, lang);
    const link = externalLink(r);
    // antd stretches a link over its whole menu item, so a click anywhere on it follows the link.
    const label = link ? (
      <a {...link} data-testid="menu-external-link">
        {title}
      </a>
    ) : (
      title
    );
    const icon = r.meta.icon ? <MenuIcon name={r.meta.icon} /> : undefined;
    if (visibleChildren.length) items.push({ key: r.path, icon, label, children: toItems(r.children ?? [], lang) });
    else items.push({ key: r.path, icon, label });
  }
  return items;
}

/** Paths of visible routes, with the chain of their parents. */
function index(routes: AppRoute[], parents: string[] = [], out = new Map<string, string[]>()) {
  for (const r of routes) {
    if (r.meta.hidden) continue;
    out.set(r.path, parents);
    if (r.children) index(r.children, [...parents, r.path], out);
  }
  return out;
}

function findRoute(routes: AppRoute[], path: string): AppRoute | undefined {
  for (const r of routes) {
    if (r.path === path) return r;
    const c = r.children ? findRoute(r.children, path) : undefined;
    if (c) return c;
  }
  return undefined;
}

export default function NavMenu({
  mode,
  theme,
  collapsed,
  onNavigate,
}: {
  mode: 'inline' | 'horizontal';
  theme: 'dark' | 'light';
  collapsed?: boolean;
  onNavigate?: () => void;
}) {
  const { i18n } = useTranslation();
  const routes = useSession((s) => s.routes);
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const items = useMemo(() => toItems(routes, i18n.language), [routes, i18n.language]);
  const paths = useMemo(() => index(routes), [routes]);

  const selected = useMemo(() => {
    let best = '';
    for (const p of paths.keys()) {
      if ((pathname === p || pathname.startsWith(`${p}/`)) && p.length > best.length) best = p;
    }
    return best;
  }, [paths, pathname]);

  const [openKeys, setOpenKeys] = useState<string[]>([]);
  useEffect(() => {
    const parents = paths.get(selected) ?? [];
    setOpenKeys((keys) => Array.from(new Set([...keys, ...parents])));
  }, [paths, selected]);

  const onClick: MenuProps['onClick'] = ({ key, domEvent }) => {
    const route = findRoute(routes, key);
    const link = route ? externalLink(route) : null;
    if (!link) void navigate(key);
    // A click on the link itself is the browser's to follow (once); a key press or a click
    // beside it opens the link here.
    else if (!(domEvent.target instanceof Element && domEvent.target.closest('a'))) window.open(link.href, link.target, 'noopener,noreferrer');
    onNavigate?.();
  };

  return (
    <Menu
      mode={mode}
      theme={theme}
      items={items}
      selectedKeys={selected ? [selected] : []}
      {...(mode === 'inline' && !collapsed ? { openKeys, onOpenChange: setOpenKeys } : {})}
      onClick={onClick}
      style={mode === 'horizontal' ? { flex: 1, minWidth: 0, borderBottom: 'none' } : { borderInlineEnd: 'none' }}
    />
  );
}
