/**
 * The public template gallery (docs/design.md, "Templates"; SPEC.md section 2): no token
 * needed. `/templateList` shows the enabled common templates, each previewed as a
 * requester sees it on a phone; `/templateListCopy` adds "use this template": a signed-in
 * company administrator copies it into the current company and lands in the designer;
 * signed out, the sign-in page comes first and brings them back here (`?use=<id>`), where
 * the copy is offered again.
 */
import { useRef } from 'react';
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import type { TemplateItem } from '@swo/contract';
import { call } from '../../app/api.ts';
import { LOGIN_PATH } from '../../app/routeTypes.ts';
import { useSession } from '../../app/session.ts';
import { confirmAction } from '../../components/confirmAction.ts';
import PublicTop from '../../components/PublicTop.tsx';
import TemplateGallery from '../template/TemplateGallery.tsx';

export default function TemplateGalleryPage({ copy = false }: { copy?: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const token = useSession((s) => s.token);
  const [params, setParams] = useSearchParams();
  const wanted = Number(params.get('use')) || 0;
  const offered = useRef(false);

  const offerCopy = (item: TemplateItem) => {
    if (!token) {
      void navigate(`${LOGIN_PATH}?redirect=${encodeURIComponent(`/templateListCopy?use=${item.id}`)}`);
      return;
    }
    let created = 0;
    confirmAction({
      title: t('template.copyTitle', { name: item.name }),
      content: t('template.gallery.copyContent'),
      okText: t('template.use'),
      run: async () => {
        created = (await call('templateAdd', { copy_of: item.id })).id;
      },
      done: t('template.copied'),
      onDone: () => void navigate(`/template/design/${created}`),
    });
  };

  // Back from signing in: offer the template that was chosen before, once.
  const onLoaded = (items: TemplateItem[]) => {
    if (!copy || !token || !wanted || offered.current) return;
    offered.current = true;
    const item = items.find((x) => x.id === wanted);
    setParams({}, { replace: true });
    if (item) offerCopy(item);
  };

  return (
    <div className="public-page gallery-page">
      <PublicTop />
      <div className="gallery-column">
        <Typography.Title level={3} className="gallery-title">
          {t('template.gallery.title')}
        </Typography.Title>
        <Typography.Paragraph type="secondary">{t(copy ? 'template.gallery.copyHint' : 'template.gallery.hint')}</Typography.Paragraph>
        <TemplateGallery onUse={copy ? offerCopy : undefined} onLoaded={onLoaded} />
      </div>
    </div>
  );
}
