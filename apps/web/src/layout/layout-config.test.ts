import { describe, expect, it } from 'vitest';
import {
  applyLayoutRules,
  DEFAULT_LAYOUT_CONFIG,
  LAYOUT_CONFIG_KEY,
  loadLayoutConfig,
  needsReload,
} from './layout-config';

describe('layout configuration (SPEC §3–§4)', () => {
  it('defaults to dark-sidebar, #50CD89 and the default page width', () => {
    const c = loadLayoutConfig();
    expect(c.layoutType).toBe('dark-sidebar');
    expect(c.app.general.primaryColor).toBe('#50CD89');
    expect(c.app.general.pageWidth).toBe('default');
    expect(c.app.toolbar.layout).toBe('classic');
    expect(c.app.toolbar.primaryButton).toBe(true);
  });

  it('reads the stored configuration and ignores invalid values', () => {
    localStorage.setItem(
      LAYOUT_CONFIG_KEY,
      JSON.stringify({ layoutType: 'light-header', app: { general: { primaryColor: 'red' } } }),
    );
    const c = loadLayoutConfig();
    expect(c.layoutType).toBe('light-header');
    expect(c.app.general.primaryColor).toBe('#50CD89');
  });

  it('a layout or toolbar type change reloads; other changes apply live', () => {
    expect(needsReload(DEFAULT_LAYOUT_CONFIG, { layoutType: 'dark-header' })).toBe(true);
    expect(needsReload(DEFAULT_LAYOUT_CONFIG, { app: { toolbar: { layout: 'saas' } } })).toBe(true);
    expect(needsReload(DEFAULT_LAYOUT_CONFIG, { app: { general: { pageWidth: 'fluid' } } })).toBe(false);
    expect(needsReload(DEFAULT_LAYOUT_CONFIG, { layoutType: 'dark-sidebar' })).toBe(false);
  });

  it('header layouts with the default width force fixed containers; other widths apply everywhere', () => {
    const header = applyLayoutRules({ ...DEFAULT_LAYOUT_CONFIG, layoutType: 'light-header' });
    expect(header.app.header.default.container).toBe('fixed');
    expect(header.app.content.container).toBe('fixed');
    const fluid = applyLayoutRules({
      ...DEFAULT_LAYOUT_CONFIG,
      layoutType: 'light-header',
      app: { ...DEFAULT_LAYOUT_CONFIG.app, general: { ...DEFAULT_LAYOUT_CONFIG.app.general, pageWidth: 'fluid' } },
    });
    expect(fluid.app.content.container).toBe('fluid');
  });

  it('with the page title in the header the toolbar hides; otherwise breadcrumb on, description off', () => {
    const c = structuredClone(DEFAULT_LAYOUT_CONFIG);
    c.app.header.default.content = 'page-title';
    expect(applyLayoutRules(c).app.toolbar.display).toBe(false);
    const d = applyLayoutRules({
      ...DEFAULT_LAYOUT_CONFIG,
      app: {
        ...DEFAULT_LAYOUT_CONFIG.app,
        pageTitle: { ...DEFAULT_LAYOUT_CONFIG.app.pageTitle, description: true, breadCrumb: false },
      },
    });
    expect(d.app.pageTitle.breadCrumb).toBe(true);
    expect(d.app.pageTitle.description).toBe(false);
  });
});
