import { ErrorFrame } from '../error-frame';

export default function NotFoundPage() {
  return <ErrorFrame code="404" titleId="ERROR.404.TITLE" textId="ERROR.404.TEXT" />;
}
