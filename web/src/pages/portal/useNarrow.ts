/** True on phone-wide screens (below the 480 px breakpoint of docs/product.md, section 9). */
import { useEffect, useState } from 'react';

const QUERY = '(max-width: 479.98px)';

export function useNarrow(): boolean {
  const [narrow, setNarrow] = useState(() => window.matchMedia(QUERY).matches);
  useEffect(() => {
    const mq = window.matchMedia(QUERY);
    const onChange = () => setNarrow(mq.matches);
    onChange();
    mq.addEventListener('change', onChange);
    return () => mq.removeEventListener('change', onChange);
  }, []);
  return narrow;
}
