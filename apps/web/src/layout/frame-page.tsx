import type { ReactNode } from 'react';
import { useT } from '../i18n/use-t';
import type { MessageId } from '../i18n/messages';
import { EmptyPanel } from '../components/empty-panel';
import { PageFrame } from './page-frame';

/** A screen whose data arrives with a later release: title, breadcrumb, and what will appear. */
export function FramePage({
  titleId,
  parents = [],
  icon,
  emptyTitleId,
  emptyTextId,
  children,
  action,
}: {
  titleId: MessageId;
  parents?: { labelId: MessageId; to: string }[];
  icon: ReactNode;
  emptyTitleId: MessageId;
  emptyTextId: MessageId;
  children?: ReactNode;
  action?: ReactNode;
}) {
  const { t } = useT();
  return (
    <PageFrame
      title={t(titleId)}
      breadcrumbs={[...parents.map((p) => ({ label: t(p.labelId), to: p.to })), { label: t(titleId) }]}
    >
      {children}
      <EmptyPanel icon={icon} title={t(emptyTitleId)} description={t(emptyTextId)}>
        {action}
      </EmptyPanel>
    </PageFrame>
  );
}
