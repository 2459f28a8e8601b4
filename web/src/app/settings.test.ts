/** Layout coupling rules of the settings (docs/product.md, section 4) and their defaults (section 9). */
import { describe, expect, it } from 'vitest';
import { applyRules, DEFAULT_SETTINGS } from './settings.ts';

describe('settings', () => {
  it('defaults: dark nav, #1890ff, side menu, fluid, header not fixed, sidebar fixed, multi-tab on', () => {
    expect(DEFAULT_SETTINGS).toMatchObject({
      theme: 'dark',
      primaryColor: '#1890ff',
      layout: 'sidemenu',
      contentWidth: 'Fluid',
      fixedHeader: false,
      fixSiderbar: true,
      colorWeak: false,
      multiTab: true,
    });
  });

  it('the top menu unfixes the sidebar and fixes the width; the side menu makes it fluid', () => {
    const top = applyRules(DEFAULT_SETTINGS, { layout: 'topmenu' });
    expect(top).toMatchObject({ layout: 'topmenu', fixSiderbar: false, contentWidth: 'Fixed' });
    expect(applyRules(top, { layout: 'sidemenu' })).toMatchObject({ layout: 'sidemenu', contentWidth: 'Fluid' });
  });
});
