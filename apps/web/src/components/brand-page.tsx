import { Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { BrandLogo } from './brand-logo';

/** A page of its own, outside the shell: the logo and a short message in the middle (error pages). */
export function BrandPage({
  children,
  gap = 'lg',
  testId,
}: {
  children: ReactNode;
  gap?: 'md' | 'lg';
  testId?: string;
}) {
  return (
    <main
      data-testid={testId}
      style={{
        minHeight: '100vh',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        padding: 24,
        background: 'var(--mantine-color-body)',
      }}
    >
      <Stack align="center" gap={gap} maw={520} ta="center">
        <BrandLogo height={34} />
        {children}
      </Stack>
    </main>
  );
}
