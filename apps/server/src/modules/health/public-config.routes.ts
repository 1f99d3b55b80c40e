import { publicConfigSchema } from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from '../../config.ts';

/** Settings the web app needs at run time (links, geolocation URL, checkout options), so changing them needs no rebuild. */
export function registerPublicConfigRoutes(fastify: FastifyInstance, deps: { config: Config }): void {
  const body = {
    faqUrl: deps.config.FAQ_URL,
    startChallengeUrl: deps.config.START_CHALLENGE_URL,
    geolocationUrl: deps.config.GEOLOCATION_URL,
    tradingDayTimeZone: deps.config.TRADING_DAY_TZ,
    demoMode: deps.config.demoData,
    checkout: {
      providers: deps.config.paymentProviders,
      termsUrl: deps.config.TERMS_URL,
      sellerCountry: deps.config.SELLER_COUNTRY,
    },
  };
  fastify.withTypeProvider<ZodTypeProvider>().get('/api/config', {
    config: { access: 'public' },
    schema: { tags: ['config'], response: { 200: publicConfigSchema } },
    handler: async () => body,
  });
}
