/**
 * The language selector: a dropdown of the four supported languages, labelled in their own
 * language; choosing one loads its messages, persists `lang` and switches antd and dayjs.
 *
 * antd's Dropdown brings its Menu (with rc-menu, rc-overflow and the trigger, about 20 KB of
 * gzipped JavaScript) that the login page would load for a menu few people open: the button
 * is drawn at once and the dropdown loads when the pointer or the focus comes to it, then
 * opens (docs/design.md, "Login page weight").
 */
import { lazy, Suspense, useState } from 'react';
import { Button } from 'antd';
import { GlobalOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { LANGUAGES } from '../app/i18n.ts';

const LangMenu = lazy(() => import('./LangMenu.tsx'));

export default function LangSelect({ className, light = false }: { className?: string; light?: boolean }) {
  const { i18n, t } = useTranslation();
  // What first asked for the dropdown: it opens at once unless that was the focus (keyboard).
  const [asked, setAsked] = useState<'hover' | 'focus' | 'click' | undefined>(undefined);
  const current = LANGUAGES.find((l) => l.code === i18n.language) ?? LANGUAGES[0];
  const button = (
    <Button
      type="text"
      className={className}
      icon={<GlobalOutlined />}
      aria-label={t('lang.select')}
      data-testid="lang-select"
      style={light ? { color: 'rgba(255,255,255,0.85)' } : undefined}
      onMouseEnter={() => setAsked((a) => a ?? 'hover')}
      onFocus={() => setAsked((a) => a ?? 'focus')}
      onClick={() => setAsked('click')}
      // The loaded dropdown draws the button anew: keep the focus where it was.
      autoFocus={asked === 'focus' || asked === 'click'}
    >
      {current.label}
    </Button>
  );
  if (asked === undefined) return button;
  return (
    <Suspense fallback={button}>
      <LangMenu openFirst={asked !== 'focus'}>{button}</LangMenu>
    </Suspense>
  );
}
