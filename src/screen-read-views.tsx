import { type ErrorComponentProps, useRouter } from '@tanstack/react-router';
import { ScreenPage } from './components/screen-page';
import { ApiFailure } from './lib/api-client';
import { RemoteFailure, RemoteLoading } from './lib/screen-read';
import { RouteError } from './route-error';

/** What a screen's route shows while its read on entry (its loader) has not answered: the note, under its heading. */
export function ScreenReadPending({ heading, what }: { heading: string; what: string }) {
  return (
    <ScreenPage heading={heading}>
      <RemoteLoading what={what} />
    </ScreenPage>
  );
}

/**
 * A failed read on entry: why, under the screen's heading, with a button that reads again (the router loads
 * the route again). Anything else that failed (the screen's chunk, its rendering) is the route error.
 */
export function ScreenReadError({
  heading,
  what,
  ...props
}: ErrorComponentProps & { heading: string; what: string }) {
  const router = useRouter();
  if (!(props.error instanceof ApiFailure)) return <RouteError {...props} />;
  return (
    <ScreenPage heading={heading}>
      <RemoteFailure what={what} failure={props.error} retry={() => void router.invalidate()} />
    </ScreenPage>
  );
}
