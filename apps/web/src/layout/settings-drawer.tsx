import { Button, ColorInput, Drawer, SegmentedControl, Stack, Text } from '@mantine/core';
import { useT } from '../i18n/use-t';
import { DEFAULT_PRIMARY_COLOR, type LayoutType, type PageWidth } from './layout-config';
import { useLayout } from './layout-provider';

const SWATCHES = ['#50CD89', '#1B84FF', '#7239EA', '#F6C000', '#F8285A', '#17C653', '#0A9396', '#FF6F1E'];

/** Layout settings: type (saves and reloads), page width and primary colour (live). */
export function SettingsDrawer({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { config, updateLayout, reset } = useLayout();
  const { t } = useT();
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="right"
      size={340}
      title={<Text fw={700}>{t('SETTINGS.TITLE')}</Text>}
      closeButtonProps={{ 'aria-label': t('COMMON.CLOSE') }}
    >
      <Stack gap="lg">
        <div>
          <Text fw={600} size="sm" mb={6} id="settings-layout">
            {t('SETTINGS.LAYOUT_TYPE')}
          </Text>
          <SegmentedControl
            fullWidth
            orientation="vertical"
            aria-labelledby="settings-layout"
            value={config.layoutType}
            onChange={(v) => updateLayout({ layoutType: v as LayoutType })}
            data={[
              { value: 'dark-sidebar', label: t('SETTINGS.DARK_SIDEBAR') },
              { value: 'light-header', label: t('SETTINGS.LIGHT_HEADER') },
              { value: 'dark-header', label: t('SETTINGS.DARK_HEADER') },
            ]}
          />
          <Text size="xs" c="dimmed" mt={6}>
            {t('SETTINGS.LAYOUT_RELOAD')}
          </Text>
        </div>
        <div>
          <Text fw={600} size="sm" mb={6} id="settings-width">
            {t('SETTINGS.PAGE_WIDTH')}
          </Text>
          <SegmentedControl
            fullWidth
            aria-labelledby="settings-width"
            value={config.app.general.pageWidth}
            onChange={(v) => updateLayout({ app: { general: { pageWidth: v as PageWidth } } })}
            data={[
              { value: 'default', label: t('SETTINGS.WIDTH_DEFAULT') },
              { value: 'fluid', label: t('SETTINGS.WIDTH_FLUID') },
              { value: 'fixed', label: t('SETTINGS.WIDTH_FIXED') },
            ]}
          />
        </div>
        <ColorInput
          label={t('SETTINGS.PRIMARY_COLOR')}
          value={config.app.general.primaryColor}
          format="hex"
          swatches={SWATCHES}
          swatchesPerRow={8}
          onChange={(v) => /^#[0-9a-f]{6}$/i.test(v) && updateLayout({ app: { general: { primaryColor: v } } })}
          eyeDropperButtonProps={{ 'aria-label': t('SETTINGS.EYEDROPPER') }}
        />
        <Button
          variant="default"
          onClick={reset}
          disabled={
            config.layoutType === 'dark-sidebar' &&
            config.app.general.pageWidth === 'default' &&
            config.app.general.primaryColor.toUpperCase() === DEFAULT_PRIMARY_COLOR
          }
        >
          {t('SETTINGS.RESET')}
        </Button>
      </Stack>
    </Drawer>
  );
}
