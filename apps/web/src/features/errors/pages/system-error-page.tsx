import { ErrorFrame } from '../error-frame';

export default function SystemErrorPage() {
  return <ErrorFrame code="500" titleId="ERROR.500.TITLE" textId="ERROR.500.TEXT" />;
}
