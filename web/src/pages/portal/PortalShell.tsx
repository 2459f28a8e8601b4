/**
 * The frame of the requester portal pages (public, no staff layout): the product name and
 * the language selector above a centred column at most 720 px wide, phone-friendly.
 */
import type { ReactNode } from 'react';
import PublicTop from '../../components/PublicTop.tsx';
import './portal.css';

export default function PortalShell({ children }: { children: ReactNode }) {
  return (
    <div className="public-page portal-page">
      <PublicTop />
      <div className="portal-column">{children}</div>
    </div>
  );
}
