/** The dropdown of LangSelect, loaded when first wanted (see there). */
import { useState, type ReactElement } from 'react';
import { Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, setLang, type Lang } from '../app/i18n.ts';

export default function LangMenu({ openFirst, children }: { openFirst: boolean; children: ReactElement }) {
  const { i18n } = useTranslation();
  const [open, setOpen] = useState(openFirst);
  return (
    <Dropdown
      trigger={['click', 'hover']}
      open={open}
      onOpenChange={setOpen}
      menu={{
        selectable: true,
        selectedKeys: [i18n.language],
        items: LANGUAGES.map((l) => ({ key: l.code, label: l.label })),
        onClick: ({ key }) => {
          setOpen(false);
          void setLang(key as Lang);
        },
      }}
    >
      {children}
    </Dropdown>
  );
}
