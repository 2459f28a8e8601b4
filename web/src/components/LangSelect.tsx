/**
 * The language selector: a dropdown of the four supported languages, labelled in their own
 * language; choosing one loads its messages, persists `lang` and switches antd and dayjs.
 */
import { Button, Dropdown } from 'antd';
import { GlobalOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, setLang, type Lang } from '../app/i18n.ts';

export default function LangSelect({ className, light = false }: { className?: string; light?: boolean }) {
  const { i18n, t } = useTranslation();
  const current = LANGUAGES.find((l) => l.code === i18n.language) ?? LANGUAGES[0];
  return (
    <Dropdown
      trigger={['click', 'hover']}
      menu={{
        selectable: true,
        selectedKeys: [current.code],
        items: LANGUAGES.map((l) => ({ key: l.code, label: l.label })),
        onClick: ({ key }) => void setLang(key as Lang),
      }}
    >
      <Button
        type="text"
        className={className}
        icon={<GlobalOutlined />}
        aria-label={t('lang.select')}
        data-testid="lang-select"
        style={light ? { color: 'rgba(255,255,255,0.85)' } : undefined}
      >
        {current.label}
      </Button>
    </Dropdown>
  );
}
