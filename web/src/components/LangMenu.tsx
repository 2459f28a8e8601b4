/** The dropdown of LangSelect, loaded when first wanted (see there). */
import { useState, type ReactElement } from 'react';
import { Dropdown } from 'antd';
import { LANGUAGES, setLang, type Lang } from '../app/i18n.ts';

export default function LangMenu({ current, openFirst, children }: { current: Lang; openFirst: boolean; children: ReactElement }) {
  const [open, setOpen] = useState(openFirst);
  return (
    <Dropdown
      trigger={['click', 'hover']}
      open={open}
      onOpenChange={setOpen}
      menu={{
        selectable: true,
        selectedKeys: [current],
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
