// The providers this server can use, by name. `enabled` is what new checkouts may choose
// (PAYMENT_PROVIDERS); an order placed earlier with a provider since switched off can still be
// refunded or confirmed through it, as long as its configuration is present.
import type { PaymentProvider as ProviderName } from '@app/contracts/commerce';
import type { Config } from '../../config.ts';
import { AppError } from '../../lib/app-error.ts';
import type { PaymentProvider } from './payment-provider.ts';
import { createDemoProvider } from './providers/demo.ts';
import { createManualProvider } from './providers/manual.ts';
import { createStripeProvider } from './providers/stripe.ts';

export class PaymentProviders {
  private readonly byName = new Map<ProviderName, PaymentProvider>();

  constructor(
    readonly enabled: readonly ProviderName[],
    providers: PaymentProvider[],
  ) {
    for (const p of providers) this.byName.set(p.name, p);
  }

  static fromConfig(config: Config): PaymentProviders {
    const providers: PaymentProvider[] = [createManualProvider()];
    if (config.demoData) providers.push(createDemoProvider());
    if (config.STRIPE_SECRET_KEY) {
      providers.push(createStripeProvider({ secretKey: config.STRIPE_SECRET_KEY, apiBaseUrl: config.STRIPE_API_URL }));
    }
    return new PaymentProviders(config.paymentProviders, providers);
  }

  /** A provider for a new checkout: 400 when this server does not offer it. */
  forCheckout(name: ProviderName): PaymentProvider {
    const provider = this.enabled.includes(name) ? this.byName.get(name) : undefined;
    if (!provider) {
      throw new AppError('PAYMENT_PROVIDER_NOT_ENABLED', 400, `Payment by ${name} is not offered here`);
    }
    return provider;
  }

  /** The provider of an existing order. */
  of(name: ProviderName): PaymentProvider {
    const provider = this.byName.get(name);
    if (!provider) {
      throw new AppError('PAYMENT_PROVIDER_UNAVAILABLE', 503, `Payment by ${name} is not configured on this server`);
    }
    return provider;
  }
}
