import { getJson, setJson } from '../lib/storage';

export type LayoutType = 'dark-sidebar' | 'light-header' | 'dark-header';
export type PageWidth = 'default' | 'fluid' | 'fixed';
export type ContainerWidth = 'fluid' | 'fixed';

/** The layout configuration kept in browser storage (SPEC §3). */
export interface LayoutConfig {
  layoutType: LayoutType;
  main: { type: 'default' | 'blank' | 'none'; pageBgWhite: boolean; iconType: 'duotone' | 'solid' | 'outline' };
  app: {
    general: {
      mode: 'light' | 'dark' | 'system';
      rtl: boolean;
      primaryColor: string;
      pageBgWhite: boolean;
      pageWidth: PageWidth;
    };
    header: {
      display: boolean;
      default: {
        container: ContainerWidth;
        fixed: { desktop: boolean; mobile: boolean };
        content: 'menu' | 'page-title';
      };
    };
    sidebar: {
      display: boolean;
      default: { minimize: { desktop: { enabled: boolean } }; fixed: { desktop: boolean } };
    };
    toolbar: {
      display: boolean;
      layout: 'classic' | 'accounting' | 'extended' | 'reports' | 'saas';
      filterButton: boolean;
      daterangepickerButton: boolean;
      primaryButton: boolean;
      primaryButtonLabel: string;
    };
    pageTitle: { display: boolean; breadCrumb: boolean; description: boolean; direction: 'row' | 'column' };
    content: { container: ContainerWidth };
    footer: { display: boolean; containerClass: string };
    pageLoader: { type: 'none' | 'default' | 'spinner-message' | 'spinner-logo'; logoImage: string };
    illustrations: { componentName: 'sketchy-1' | 'sigma-1' | 'dozzy-1' | 'unitedpalette'; set: string };
    scrolltop: { display: boolean };
    engage: { demos: { enabled: boolean }; purchase: { enabled: boolean } };
  };
}

/** SPEC §3 key for the saved configuration. */
export const LAYOUT_CONFIG_KEY = (import.meta.env.VITE_LAYOUT_CONFIG_KEY as string | undefined) ?? 'LayoutConfig';
export const DEFAULT_PRIMARY_COLOR = '#50CD89';
export const SIDEBAR_WIDTH = 225;
export const SPLASH_HIDE_DELAY_MS = 500;

export const DEFAULT_LAYOUT_CONFIG: LayoutConfig = {
  layoutType: 'dark-sidebar',
  main: { type: 'default', pageBgWhite: false, iconType: 'duotone' },
  app: {
    general: {
      mode: 'light',
      rtl: false,
      primaryColor: DEFAULT_PRIMARY_COLOR,
      pageBgWhite: false,
      pageWidth: 'default',
    },
    header: {
      display: true,
      default: { container: 'fluid', fixed: { desktop: true, mobile: false }, content: 'menu' },
    },
    sidebar: { display: true, default: { minimize: { desktop: { enabled: false } }, fixed: { desktop: true } } },
    toolbar: {
      display: true,
      layout: 'classic',
      filterButton: false,
      daterangepickerButton: false,
      primaryButton: true,
      primaryButtonLabel: 'Create',
    },
    pageTitle: { display: true, breadCrumb: true, description: false, direction: 'column' },
    content: { container: 'fluid' },
    footer: { display: true, containerClass: 'd-flex flex-column flex-md-row flex-center flex-md-stack py-3' },
    pageLoader: { type: 'default', logoImage: 'logo-mark.svg' },
    illustrations: { componentName: 'sketchy-1', set: 'sketchy-1' },
    scrolltop: { display: true },
    engage: { demos: { enabled: false }, purchase: { enabled: false } },
  },
};

const LAYOUT_TYPES: LayoutType[] = ['dark-sidebar', 'light-header', 'dark-header'];
const PAGE_WIDTHS: PageWidth[] = ['default', 'fluid', 'fixed'];

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Deep merge: `patch` wins, objects merge, arrays and scalars replace. */
export function deepMerge<T>(base: T, patch: unknown): T {
  if (!isPlainObject(base) || !isPlainObject(patch)) return patch === undefined ? base : (patch as T);
  const out: Record<string, unknown> = { ...base };
  for (const [k, v] of Object.entries(patch)) {
    out[k] = k in out && isPlainObject(out[k]) && isPlainObject(v) ? deepMerge(out[k], v) : v;
  }
  return out as T;
}

export type LayoutPatch = {
  [K in keyof LayoutConfig]?: LayoutConfig[K] extends object ? DeepPartial<LayoutConfig[K]> : LayoutConfig[K];
};
type DeepPartial<T> = { [K in keyof T]?: T[K] extends object ? DeepPartial<T[K]> : T[K] };

/** The stored configuration over the defaults; invalid values fall back to the defaults. */
export function loadLayoutConfig(): LayoutConfig {
  const stored = getJson<unknown>(LAYOUT_CONFIG_KEY);
  const merged = deepMerge(DEFAULT_LAYOUT_CONFIG, isPlainObject(stored) ? stored : {});
  if (!LAYOUT_TYPES.includes(merged.layoutType)) merged.layoutType = DEFAULT_LAYOUT_CONFIG.layoutType;
  if (!PAGE_WIDTHS.includes(merged.app.general.pageWidth)) merged.app.general.pageWidth = 'default';
  if (!/^#[0-9a-f]{6}$/i.test(merged.app.general.primaryColor)) merged.app.general.primaryColor = DEFAULT_PRIMARY_COLOR;
  return applyLayoutRules(merged);
}

export function saveLayoutConfig(config: LayoutConfig): void {
  setJson(LAYOUT_CONFIG_KEY, config);
}

/**
 * SPEC §4 rules: a page width other than default applies to header, toolbar, content and
 * footer; header layouts with the default width force those containers to fixed; with the
 * header showing the page title the toolbar hides, otherwise the title has no description and
 * shows its breadcrumb.
 */
export function applyLayoutRules(config: LayoutConfig): LayoutConfig {
  const c = structuredClone(config);
  const width = c.app.general.pageWidth;
  const headerLayout = c.layoutType !== 'dark-sidebar';
  const container: ContainerWidth = width !== 'default' ? width : headerLayout ? 'fixed' : 'fluid';
  c.app.header.default.container = container;
  c.app.content.container = container;
  c.app.sidebar.display = !headerLayout;
  if (c.app.header.default.content === 'page-title') {
    c.app.toolbar.display = false;
  } else {
    c.app.pageTitle.description = false;
    c.app.pageTitle.breadCrumb = true;
  }
  return c;
}

/** Whether a change needs the configuration saved and the page reloaded (SPEC §4). */
export function needsReload(current: LayoutConfig, patch: LayoutPatch): boolean {
  const typeChanged = patch.layoutType !== undefined && patch.layoutType !== current.layoutType;
  const toolbarChanged =
    patch.app?.toolbar?.layout !== undefined && patch.app.toolbar.layout !== current.app.toolbar.layout;
  return typeChanged || toolbarChanged;
}
