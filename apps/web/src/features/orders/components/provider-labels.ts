import type { PaymentProvider } from '@app/contracts/commerce';
import type { MessageId } from '../../../i18n/messages';

export const PROVIDER_LABELS: Record<PaymentProvider, MessageId> = {
  demo: 'ORDERS.PROVIDER.DEMO',
  manual: 'ORDERS.PROVIDER.MANUAL',
  stripe: 'ORDERS.PROVIDER.STRIPE',
};
