/** Follows the window width: below 800 px the layout enters mobile mode (docs/product.md, section 9). */
import { useEffect } from 'react';
import { useSettings } from '../app/settings.ts';

/** Mobile breakpoint (docs/product.md, section 9). */
export const MOBILE_BREAKPOINT_PX = 800;

export function useMobile(): void {
  const setMobile = useSettings((s) => s.setMobile);
  useEffect(() => {
    const mq = window.matchMedia(`(max-width: ${MOBILE_BREAKPOINT_PX - 0.02}px)`);
    const onChange = () => setMobile(mq.matches);
    onChange();
    mq.addEventListener('change', onChange);
    return () => mq.removeEventListener('change', onChange);
  }, [setMobile]);
}
