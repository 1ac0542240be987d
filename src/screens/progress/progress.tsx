import { useEffect, useRef, useState } from 'react';
import { ScreenPage } from '../../components/screen-page';
import { type ApplicationProgress, progressSchema } from '../../domain/api/overprint';
import { formatRocInstant } from '../../domain/roc-date';
import { headingOf } from '../../domain/screens';
import { LookupForm } from '../../features/overprint/lookup-form';
import { statusGuidance } from '../../features/progress/status-guidance';
import { apiPost } from '../../lib/api-client';

/** ODGAF060 進度查詢: the status timeline of an application, by its identifiers and the captcha. */
export default function Progress() {
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState('');
  const [progress, setProgress] = useState<ApplicationProgress | null>(null);
  return (
    <ScreenPage
      heading={headingOf('ODGAF060')}
      lead="輸入受理編號與要保單位統一編號，查詢投保申請目前的處理進度與每個階段的日期。"
    >
      <LookupForm
        schema={progressSchema}
        withPhone={false}
        draft={{ flow: 'progress', form: 'lookup' }}
        submitLabel="查詢進度"
        busy={busy}
        failure={failure}
        onSubmit={({ applicationNo, taxId, captcha }) => {
          setBusy(true);
          setFailure('');
          apiPost<ApplicationProgress>('progress/query', { applicationNo, taxId, captcha }).then(
            (answer) => {
              setProgress(answer);
              setBusy(false);
            },
            (error: Error) => {
              setProgress(null);
              setFailure(error.message);
              setBusy(false);
            },
          );
        }}
      />
      <div aria-live="polite">{progress && <ProgressTimeline progress={progress} />}</div>
    </ScreenPage>
  );
}

/** The answer: focus lands on its heading with each new one, so it is read out and Tab goes on from it. */
function ProgressTimeline({ progress }: { progress: ApplicationProgress }) {
  const heading = useRef<HTMLHeadingElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: each answer, even one equal to the last, takes focus
  useEffect(() => heading.current?.focus(), [progress]);
  const latest = progress.events.at(-1)!;
  return (
    <section className="progress-result" aria-labelledby="progress-heading">
      <h2 id="progress-heading" tabIndex={-1} ref={heading}>
        {progress.applicationNo}　{progress.companyName}
      </h2>
      <p className="progress-status">
        目前狀態：<strong>{progress.status}</strong>
      </p>
      <p className="notice">{statusGuidance(progress.status, latest)}</p>
      <ol className="progress-timeline" aria-label="處理進度">
        {progress.events.map((event, i) => (
          <li
            key={`${event.status}-${event.at}`}
            aria-current={i === progress.events.length - 1 ? 'step' : undefined}
          >
            <span className="progress-event-status">{event.status}</span>{' '}
            <time dateTime={event.at}>{formatRocInstant(event.at)}</time>
            {event.note && <span className="progress-event-note">：{event.note}</span>}
          </li>
        ))}
      </ol>
    </section>
  );
}
