import { useEffect, useId, useRef, useState } from 'react';
import { BusyButton } from '../../components/busy-button';
import { StaffLink } from '../../components/staff-link';
import { StaffFailure, StaffReading } from '../../components/staff-states';
import { SummaryGroup, SummaryRow } from '../../components/summary-group';
import type { OutboxEntry } from '../../domain/api/outbox';
import { RETURN_CODE } from '../../domain/envelope';
import { OUTBOX_STATE_LABELS } from '../../domain/outbox';
import type { OutboxKind } from '../../domain/outbox-kinds';
import { formatTaipeiSecond } from '../../domain/roc-date';
import { DOCUMENTS_OVERDUE_DAYS } from '../../domain/staff-notifications';
import { mayOpen, staffHref } from '../../domain/staff-pages';
import { ApiFailure } from '../../lib/api-client';
import { failureMessage, staffSession } from '../../lib/staff-api';
import { outboxApi } from './outbox-api';
import { DELIVERY_WORDS, recipientOf } from './outbox-words';

/*
 * One e-mail of 寄件匣 (service, underwriter): its state as the worker left it, whom it is for, what it is
 * about, and the message as it is sent: the plain-text part as text, the HTML part in a frame that runs no
 * script and has no access to the page (sandbox with nothing allowed). 重新整理 reads it again, as its state
 * moves on the server; 重新寄送, for a failed one only, makes it wait again.
 */

const TEXT = {
  state: (id: number) => `郵件 ${id}，狀態：`,
  reading: '郵件',
  refresh: '重新整理',
  resend: '重新寄送',
  resendHint: '重新寄送會將此郵件再次排入寄送，寄送次數重新計算，並記錄於稽核紀錄。',
  resent: '已重新排入寄送',
  refreshed: (state: string) => `已重新讀取，目前為「${state}」`,
  refused: (message: string) => `未完成：${message}`,
  unread: (message: string) => `無法重新讀取此郵件：${message}`,
  delivery: '寄送情形',
  kind: '郵件類別',
  recipient: '收件人',
  subject: '主旨',
  messageId: 'Message-ID',
  attempts: '寄送次數',
  times: (n: number) => `${n} 次`,
  createdAt: '建立時間',
  applicationNo: '受理編號',
  contactNo: '案件編號',
  content: '郵件內容',
  contentHint: '以下為寄出時的內容：純文字與 HTML 兩部分，內容相同。',
  text: '純文字內容',
  html: 'HTML 內容',
  frameTitle: (id: number) => `郵件 ${id} 的 HTML 內容`,
  kinds: {
    'application.received': '申請受理通知',
    'application.moved': '申請狀態更新',
    'contact.received': '留言收件通知',
    'contact.replied': '留言回覆',
    'staff.application': '員工通知：新申請案件',
    'staff.contact': '員工通知：新聯絡訊息',
    'staff.overdue': `員工通知：待補件逾 ${DOCUMENTS_OVERDUE_DAYS} 日`,
    'roster.code': '列印名冊驗證碼',
    'staff.address': '通知信箱驗證碼',
  } satisfies Record<OutboxKind, string>,
} as const;

type Busy = 'refresh' | 'resend';

const isNotFound = (error: unknown) =>
  error instanceof ApiFailure && error.returnCode === RETURN_CODE.notFound;

export function MessageView({ id }: { id: number }) {
  const [found, setFound] = useState<OutboxEntry | null>(null);
  const [failure, setFailure] = useState<{ message: string; retry: boolean } | null>(null);
  const [notice, setNotice] = useState('');
  const [refusal, setRefusal] = useState('');
  const [busy, setBusy] = useState<Busy | null>(null);
  const hintId = useId();
  const refreshRef = useRef<HTMLButtonElement>(null);
  const resendRef = useRef<HTMLButtonElement>(null);
  /** counts the answers to 重新寄送: once its button is gone (the e-mail no longer failed), 重新整理 has the focus */
  const [resends, setResends] = useState(0);
  useEffect(() => {
    if (resends > 0 && !resendRef.current) refreshRef.current?.focus();
  }, [resends]);

  const load = () => {
    setFailure(null);
    outboxApi
      .read(id)
      .then(setFound, (error: unknown) =>
        setFailure({ message: failureMessage(error), retry: !isNotFound(error) }),
      );
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: read once per 郵件編號 (the view is keyed by it)
  useEffect(() => load(), []);

  const refresh = async () => {
    setBusy('refresh');
    setRefusal('');
    try {
      const read = await outboxApi.read(id);
      setFound(read);
      setNotice(TEXT.refreshed(OUTBOX_STATE_LABELS[read.state]));
    } catch (error) {
      setNotice('');
      setRefusal(TEXT.unread(failureMessage(error)));
    }
    setBusy(null);
  };

  const resend = async () => {
    setBusy('resend');
    setRefusal('');
    setNotice('');
    try {
      await outboxApi.resend(id);
      setNotice(TEXT.resent);
      try {
        setFound(await outboxApi.read(id));
      } catch (error) {
        setRefusal(TEXT.unread(failureMessage(error)));
      }
    } catch (error) {
      setRefusal(TEXT.refused(failureMessage(error)));
      // refused: the e-mail is no longer failed (someone sent it again first); show it as it is now
      if (error instanceof ApiFailure && error.returnCode === RETURN_CODE.refused)
        await outboxApi.read(id).then(setFound, () => undefined);
    }
    setBusy(null);
    setResends((n) => n + 1);
  };

  if (failure) return <StaffFailure message={failure.message} retry={failure.retry ? load : undefined} />;
  if (!found) return <StaffReading what={TEXT.reading} />;
  return (
    <>
      <p className="staff-case-status">
        {TEXT.state(id)}
        <span data-testid="outbox-state">{OUTBOX_STATE_LABELS[found.state]}</span>
      </p>
      <p className="staff-notice" role="status">
        {notice}
      </p>
      {refusal && (
        <p className="form-error" role="alert">
          {refusal}
        </p>
      )}
      <div className="staff-actions">
        <BusyButton
          ref={refreshRef}
          className="button"
          busy={busy === 'refresh'}
          disabled={busy === 'resend'}
          onClick={() => void refresh()}
        >
          {TEXT.refresh}
        </BusyButton>
        {found.state === 'failed' && (
          <BusyButton
            ref={resendRef}
            className="button primary"
            busy={busy === 'resend'}
            disabled={busy === 'refresh'}
            aria-describedby={hintId}
            onClick={() => void resend()}
          >
            {TEXT.resend}
          </BusyButton>
        )}
      </div>
      {found.state === 'failed' && (
        <p id={hintId} className="form-hint">
          {TEXT.resendHint}
        </p>
      )}
      <Delivery entry={found} />
      <Content entry={found} />
    </>
  );
}

/** A link to the case or the message the e-mail is about, when the person's roles open that screen. */
function About({ screen, no }: { screen: 'case' | 'contacts'; no: string }) {
  const roles = staffSession.known()?.roles ?? [];
  return mayOpen(screen, roles) ? <StaffLink href={staffHref(screen, `?no=${no}`)}>{no}</StaffLink> : no;
}

function Delivery({ entry }: { entry: OutboxEntry }) {
  return (
    <SummaryGroup title={TEXT.delivery}>
      <SummaryRow term={TEXT.kind}>{TEXT.kinds[entry.kind]}</SummaryRow>
      <SummaryRow term={TEXT.recipient}>{recipientOf(entry)}</SummaryRow>
      <SummaryRow term={TEXT.subject}>{entry.subject}</SummaryRow>
      <SummaryRow term={TEXT.messageId}>
        <code className="staff-wrap">{entry.messageId}</code>
      </SummaryRow>
      <SummaryRow term={TEXT.attempts}>{TEXT.times(entry.attempts)}</SummaryRow>
      <SummaryRow term={TEXT.createdAt}>{formatTaipeiSecond(entry.createdAt)}</SummaryRow>
      {entry.state === 'waiting' && (
        <SummaryRow term={DELIVERY_WORDS.nextAttempt}>{formatTaipeiSecond(entry.nextAttemptAt)}</SummaryRow>
      )}
      {entry.sentAt && (
        <SummaryRow term={DELIVERY_WORDS.sentAt}>{formatTaipeiSecond(entry.sentAt)}</SummaryRow>
      )}
      {entry.lastError && (
        <SummaryRow term={DELIVERY_WORDS.serverAnswer}>
          <span className="staff-message-text">{entry.lastError}</span>
        </SummaryRow>
      )}
      {entry.applicationNo && (
        <SummaryRow term={TEXT.applicationNo}>
          <About screen="case" no={entry.applicationNo} />
        </SummaryRow>
      )}
      {entry.contactNo && (
        <SummaryRow term={TEXT.contactNo}>
          <About screen="contacts" no={entry.contactNo} />
        </SummaryRow>
      )}
    </SummaryGroup>
  );
}

/** The two parts as they are sent; the HTML part in a frame that may run nothing and reach nothing. */
function Content({ entry }: { entry: OutboxEntry }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="staff-mail">
      <h2 id={headingId}>{TEXT.content}</h2>
      <p className="form-hint">{TEXT.contentHint}</p>
      <h3>{TEXT.text}</h3>
      <pre className="staff-mail-text">{entry.text}</pre>
      <h3>{TEXT.html}</h3>
      <iframe className="staff-mail-html" sandbox="" srcDoc={entry.html} title={TEXT.frameTitle(entry.id)} />
    </section>
  );
}
