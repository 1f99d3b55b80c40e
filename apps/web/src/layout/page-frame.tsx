import { Anchor, Box, Breadcrumbs, Button, Container, Group, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useT } from '../i18n/use-t';
import { CreateDialog } from './create-dialog';
import { useLayout } from './layout-provider';

export interface Crumb {
  label: string;
  to?: string;
}

/** Containers follow the layout's page width (SPEC §4): fluid fills, fixed caps at 1320 px. */
export function useContainerProps() {
  const { config } = useLayout();
  const fluid = config.app.content.container === 'fluid';
  return fluid ? { fluid: true as const, px: { base: 'md', md: 30 } } : { size: 1320, px: { base: 'md', md: 30 } };
}

/** The toolbar (title, breadcrumb, primary 'Create' button) and the page content. */
export function PageFrame({
  title,
  breadcrumbs,
  actions,
  children,
}: {
  title: string;
  breadcrumbs: Crumb[];
  actions?: ReactNode;
  children: ReactNode;
}) {
  const { t } = useT();
  const { config } = useLayout();
  const [createOpen, setCreateOpen] = useState(false);
  const containerProps = useContainerProps();
  const toolbar = config.app.toolbar;
  const crumbs = [{ label: t('MENU.HOME'), to: '/' }, ...breadcrumbs];

  return (
    <>
      {toolbar.display && (
        <Box component="section" py={{ base: 16, md: 24 }} aria-label={t('TOOLBAR.LABEL')}>
          <Container {...containerProps}>
            <Group justify="space-between" align="center" wrap="wrap" gap="md">
              <div>
                <Title order={1} fz={{ base: 20, md: 22 }} fw={700} data-testid="page-title">
                  {title}
                </Title>
                {config.app.pageTitle.breadCrumb && (
                  <Breadcrumbs mt={6} separator="·" separatorMargin={6} aria-label={t('TOOLBAR.BREADCRUMB')} fz="sm">
                    {crumbs.map((c, i) =>
                      c.to && i < crumbs.length - 1 ? (
                        <Anchor key={i} component={Link} to={c.to} size="sm" c="dimmed">
                          {c.label}
                        </Anchor>
                      ) : (
                        <Text key={i} size="sm" c="dimmed" aria-current={i === crumbs.length - 1 ? 'page' : undefined}>
                          {c.label}
                        </Text>
                      ),
                    )}
                  </Breadcrumbs>
                )}
              </div>
              <Group gap="sm">
                {actions}
                {toolbar.primaryButton && (
                  <Button
                    leftSection={<IconPlus size={16} aria-hidden />}
                    onClick={() => setCreateOpen(true)}
                    data-testid="toolbar-create"
                  >
                    {t('TOOLBAR.CREATE')}
                  </Button>
                )}
              </Group>
            </Group>
          </Container>
        </Box>
      )}
      <Container {...containerProps} pb={40}>
        {children}
      </Container>
      <CreateDialog opened={createOpen} onClose={() => setCreateOpen(false)} />
    </>
  );
}
