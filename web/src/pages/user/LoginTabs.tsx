/**
 * The login page's tabs (account-password, mobile number; docs/product.md section 3), drawn
 * like antd's centred Tabs: a tab list with the keyboard of the ARIA tabs pattern (arrows,
 * Home, End) and an ink bar under the chosen tab. antd's Tabs would bring rc-tabs with its
 * overflow dropdown and menu, about 30 KB of gzipped JavaScript on the page every user
 * loads first (docs/design.md, "Login page weight"); two fixed tabs need none of it.
 */
import { useRef, type KeyboardEvent, type ReactNode } from 'react';
import { theme } from 'antd';

export interface LoginTab<K extends string> {
  key: K;
  label: ReactNode;
}

/** The id of a tab's button; its panel is `${id}-panel` (aria-controls of the chosen tab). */
export const loginTabId = (key: string) => `login-tab-${key}`;

export default function LoginTabs<K extends string>({ items, active, onChange }: { items: LoginTab<K>[]; active: K; onChange: (key: K) => void }) {
  const { token } = theme.useToken();
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const choose = (i: number) => {
    const n = items.length;
    const k = ((i % n) + n) % n;
    buttons.current[k]?.focus();
    onChange(items[k].key);
  };
  const onKeyDown = (e: KeyboardEvent, i: number) => {
    const to = { ArrowLeft: i - 1, ArrowRight: i + 1, Home: 0, End: items.length - 1 }[e.key];
    if (to === undefined) return;
    e.preventDefault();
    choose(to);
  };
  return (
    <div
      role="tablist"
      className="login-tabs"
      style={{
        ['--login-tab-border' as string]: token.colorBorderSecondary,
        ['--login-tab-text' as string]: token.colorText,
        ['--login-tab-hover' as string]: token.colorPrimaryHover,
        ['--login-tab-active' as string]: token.colorPrimary,
      }}
    >
      {items.map((item, i) => {
        const selected = item.key === active;
        return (
          <button
            key={item.key}
            ref={(el) => {
              buttons.current[i] = el;
            }}
            type="button"
            role="tab"
            id={loginTabId(item.key)}
            aria-selected={selected}
            // Only the chosen tab's panel is in the page.
            aria-controls={selected ? `${loginTabId(item.key)}-panel` : undefined}
            tabIndex={selected ? 0 : -1}
            className={selected ? 'login-tab login-tab-active' : 'login-tab'}
            onClick={() => onChange(item.key)}
            onKeyDown={(e) => onKeyDown(e, i)}
          >
            {item.label}
          </button>
        );
      })}
    </div>
  );
}
