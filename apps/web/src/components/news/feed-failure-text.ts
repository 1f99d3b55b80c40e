import type { NewsFeedFailure, NewsFeedFailureKind } from '@app/contracts/news';
import type { MessageId } from '../../i18n/messages';
import type { Translate } from '../../i18n/use-t';

const TEXT: Record<NewsFeedFailureKind, MessageId> = {
  http_status: 'NEWS.FEED_FAILURE.HTTP_STATUS',
  unreachable: 'NEWS.FEED_FAILURE.UNREACHABLE',
  too_large: 'NEWS.FEED_FAILURE.TOO_LARGE',
  unreadable: 'NEWS.FEED_FAILURE.UNREADABLE',
  empty: 'NEWS.FEED_FAILURE.EMPTY',
  unknown: 'NEWS.FEED_FAILURE.UNKNOWN',
};

/**
 * Why the scheduled feed fetch failed, in the reader's language (a lower-case clause, to stand in
 * a sentence): the server stores its reason in English and answers its kind beside it.
 */
export function feedFailureText(t: Translate, failure: NewsFeedFailure | null): string {
  const id = (failure && TEXT[failure.kind]) ?? TEXT.unknown;
  return t(id, { status: failure?.status ?? 0 });
}
