import { Form, Formik } from 'formik';
import { useEffect, useId, useRef, useState } from 'react';
import type { AnyObjectSchema } from 'yup';
import { BusyButton } from '../../components/busy-button';
import { FormTextArea } from '../../components/form-text-area';
import { StaffFailure, StaffReading } from '../../components/staff-states';
import { StaffTable } from '../../components/staff-table';
import { SummaryGroup, SummaryRow } from '../../components/summary-group';
import type { ContactQuoteCover } from '../../domain/api/contact';
import {
  type ContactAction,
  type ContactCase,
  type ContactEntryView,
  type ContactOvertaken,
  contactNoteSchema,
  contactReplySchema,
} from '../../domain/api/contact-inbox';
import { actorLabel, auditActionLabel } from '../../domain/audit-actions';
import { CONTACT_NOTE_MAX, CONTACT_REPLY_MAX, CONTACT_STATUS_LABELS } from '../../domain/contact-status';
import { contactTopicLabel } from '../../domain/contact-topics';
import { RETURN_CODE } from '../../domain/envelope';
import { formatRoc, formatTaipeiSecond } from '../../domain/roc-date';
import { ApiFailure } from '../../lib/api-client';
import { failureMessage } from '../../lib/staff-api';
import { inboxApi } from './inbox-api';

/*
 * One contact message (聯絡訊息, service): what the sender wrote, a quote request's cover and head count as
 * the tryout priced them, the moves the message machine takes now as buttons (指派給我, 結案, 重新處理), the
 * internal notes the sender never sees, the reply (kept with the message: nothing e-mails it yet) and what
 * staff did with it. Each write names the version shown; 「此訊息已由他人更新」 reloads the message.
 */

const TEXT = {
  contactNo: '案件編號',
  status: '狀態',
  assignee: '處理人員',
  unassigned: '未指派',
  state: (no: string, status: string, assignee: string) => `${no}，狀態：${status}，處理人員：${assignee}`,
  reading: '訊息',
  actions: '可執行的處理',
  actionsHint: '每次處理都會記錄於處理紀錄與稽核紀錄。',
  action: {
    'message.assign': '指派給我',
    'message.close': '結案',
    'message.reopen': '重新處理',
  },
  done: {
    'message.assign': '已指派給您，狀態改為「處理中」',
    'message.close': '已結案',
    'message.reopen': '已改回「處理中」',
    'message.reply': '回覆已保存，並已排入寄件匣，將以電子郵件寄給寄件人。',
    note: '已新增內部備註',
  },
  overtaken: (status: string) => `此訊息已由他人更新，目前為「${status}」；以下為最新內容，請確認後再處理。`,
  refused: (message: string) => `未完成：${message}`,
  message: '訊息內容',
  companyName: '公司名稱',
  taxId: '統一編號',
  name: '聯絡人',
  mobile: '手機',
  phone: '市話',
  ext: (ext: string) => ` 分機 ${ext}`,
  email: '電子郵件',
  topic: '洽詢主題',
  receivedAt: '收件時間',
  replyBy: '回覆期限',
  content: '內容',
  none: '—',
  quote: '報價需求',
  quoteFrom: '來源',
  quoteHint: '保費試算的「請洽專人報價」，以下為試算時的保障與人數',
  cover: '試算保障',
  product: (prodId: string) => `商品 ${prodId}`,
  faceAmount: (amount: number) => `保額 ${amount.toLocaleString('zh-TW')} 元`,
  salaryMultiple: '依月薪倍數',
  headcount: '投保人數',
  people: (count: number) => `${count} 人`,
  notes: '內部備註',
  notesHint: '內部備註，寄件人不會看到。',
  noNotes: '尚無內部備註。',
  noteText: '新增內部備註',
  addNote: '新增備註',
  author: '人員',
  at: '時間',
  text: '內容',
  reply: '回覆',
  replyHint: '回覆會保存於此訊息，並以電子郵件寄給寄件人；寄送情形可在「寄件匣」查看。',
  noReplies: '尚無回覆。',
  replyText: '回覆內容',
  keepReply: '保存回覆',
  replyWhen: '指派給自己（處理中）後才能回覆。',
  history: '處理紀錄',
  noHistory: '尚無處理紀錄。',
  did: '動作',
  detail: '說明',
} as const;

type Move = Exclude<ContactAction, 'message.reply'>;
const MOVES: readonly Move[] = ['message.assign', 'message.close', 'message.reopen'];

/** The refusal's answer when another person changed the message first. */
const overtakenBy = (error: unknown): ContactOvertaken | undefined =>
  error instanceof ApiFailure && error.returnCode === RETURN_CODE.refused && error.data
    ? (error.data as ContactOvertaken)
    : undefined;

export function MessageView({ contactNo }: { contactNo: string }) {
  const [found, setFound] = useState<ContactCase | null>(null);
  const [failure, setFailure] = useState('');
  const [notice, setNotice] = useState('');
  const [refusal, setRefusal] = useState('');
  const [busy, setBusy] = useState<Move | null>(null);
  const statusRef = useRef<HTMLParagraphElement>(null);
  /** counts the changes shown: each puts the focus on the status, as the button pressed may be gone */
  const [shown, setShown] = useState(0);
  useEffect(() => {
    if (shown > 0) statusRef.current?.focus();
  }, [shown]);

  const load = (then?: (read: ContactCase) => void) => {
    setFailure('');
    inboxApi.read(contactNo).then(
      (read) => {
        setFound(read);
        then?.(read);
      },
      (error: unknown) => setFailure(failureMessage(error)),
    );
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: read once per 案件編號 (the view is keyed by it)
  useEffect(() => load(), []);

  const done = (read: ContactCase, message: string) => {
    setFound(read);
    setRefusal('');
    setNotice(message);
    setShown((n) => n + 1);
  };

  /** Sends a write; answers whether it landed (a form keeps its text when not). */
  const write = async (send: () => Promise<ContactCase>, message: string): Promise<boolean> => {
    setRefusal('');
    try {
      done(await send(), message);
      return true;
    } catch (error) {
      const overtaken = overtakenBy(error);
      if (overtaken) load((read) => done(read, TEXT.overtaken(CONTACT_STATUS_LABELS[overtaken.status])));
      else setRefusal(TEXT.refused(failureMessage(error)));
      return false;
    }
  };

  const move = async (chosen: Move) => {
    if (!found) return;
    const { version } = found.message;
    setBusy(chosen);
    await write(
      () =>
        chosen === 'message.assign'
          ? inboxApi.assign(contactNo, { version })
          : inboxApi.move(contactNo, { version, move: chosen }),
      TEXT.done[chosen],
    );
    setBusy(null);
  };

  if (failure) return <StaffFailure message={failure} retry={() => load()} />;
  if (!found) return <StaffReading what={TEXT.reading} />;
  const { message } = found;
  const moves = MOVES.filter((m) => found.actions.includes(m));
  return (
    <>
      <p className="staff-case-status" ref={statusRef} tabIndex={-1}>
        {TEXT.state(
          `${TEXT.contactNo} ${message.contactNo}`,
          CONTACT_STATUS_LABELS[message.status],
          message.assignee ?? TEXT.unassigned,
        )}
      </p>
      <p className="staff-notice" role="status">
        {notice}
      </p>
      {refusal && (
        <p className="form-error" role="alert">
          {refusal}
        </p>
      )}
      {moves.length > 0 && <Actions moves={moves} busy={busy} onMove={(chosen) => void move(chosen)} />}
      <MessageDetails found={found} />
      {message.quote && <QuoteRequest quote={message.quote} />}
      <Notes
        notes={message.notes}
        onAdd={(text) => write(() => inboxApi.note(contactNo, { text }), TEXT.done.note)}
      />
      <Replies
        replies={message.replies}
        mayReply={found.actions.includes('message.reply')}
        waiting={message.status === 'new'}
        onReply={(text) =>
          write(
            () => inboxApi.reply(contactNo, { version: message.version, text }),
            TEXT.done['message.reply'],
          )
        }
      />
      <History found={found} />
    </>
  );
}

function Actions({
  moves,
  busy,
  onMove,
}: {
  moves: Move[];
  busy: Move | null;
  onMove: (move: Move) => void;
}) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId}>{TEXT.actions}</h2>
      <p className="form-hint">{TEXT.actionsHint}</p>
      <div className="staff-actions">
        {moves.map((move) => (
          <BusyButton
            key={move}
            className="button"
            busy={busy === move}
            disabled={busy !== null && busy !== move}
            onClick={() => onMove(move)}
          >
            {TEXT.action[move]}
          </BusyButton>
        ))}
      </div>
    </section>
  );
}

function MessageDetails({ found }: { found: ContactCase }) {
  const { message } = found;
  const phone = message.phone ? message.phone + (message.phoneExt ? TEXT.ext(message.phoneExt) : '') : null;
  return (
    <SummaryGroup title={TEXT.message}>
      <SummaryRow term={TEXT.companyName}>{message.companyName}</SummaryRow>
      <SummaryRow term={TEXT.taxId}>{message.taxId ?? TEXT.none}</SummaryRow>
      <SummaryRow term={TEXT.name}>{message.name}</SummaryRow>
      <SummaryRow term={TEXT.mobile}>{message.mobile ?? TEXT.none}</SummaryRow>
      <SummaryRow term={TEXT.phone}>{phone ?? TEXT.none}</SummaryRow>
      <SummaryRow term={TEXT.email}>{message.email}</SummaryRow>
      <SummaryRow term={TEXT.topic}>{contactTopicLabel(message.topic)}</SummaryRow>
      <SummaryRow term={TEXT.receivedAt}>{formatTaipeiSecond(message.receivedAt)}</SummaryRow>
      <SummaryRow term={TEXT.replyBy}>{formatRoc(message.replyBy, 'slash')}</SummaryRow>
      <SummaryRow term={TEXT.content}>
        <span className="staff-message-text">{message.content}</span>
      </SummaryRow>
    </SummaryGroup>
  );
}

function QuoteRequest({ quote }: { quote: { cover: ContactQuoteCover; headcount: number } }) {
  const { cover } = quote;
  return (
    <SummaryGroup title={TEXT.quote}>
      <SummaryRow term={TEXT.quoteFrom}>{TEXT.quoteHint}</SummaryRow>
      <SummaryRow term={TEXT.cover}>
        {cover.CLASS_TITLE}
        <ul>
          {cover.PROD_LIST.map((line) => (
            <li key={line.PROD_ID}>
              {`${TEXT.product(line.PROD_ID)}：${
                cover.IS_SLRY_MLTPL === 'Y' && line.FACE_AMT === 1
                  ? TEXT.salaryMultiple
                  : TEXT.faceAmount(line.FACE_AMT)
              }`}
            </li>
          ))}
        </ul>
      </SummaryRow>
      <SummaryRow term={TEXT.headcount}>{TEXT.people(quote.headcount)}</SummaryRow>
    </SummaryGroup>
  );
}

function Entries({ entries, labelledBy }: { entries: ContactEntryView[]; labelledBy: string }) {
  return (
    <StaffTable
      labelledBy={labelledBy}
      rows={entries.map((entry, index) => ({ ...entry, key: String(index) }))}
      rowKey={(entry) => entry.key}
      rowHeader={{ header: TEXT.at, cell: (entry) => formatTaipeiSecond(entry.at) }}
      columns={[
        { header: TEXT.author, cell: (entry) => entry.author },
        { header: TEXT.text, cell: (entry) => <span className="staff-message-text">{entry.text}</span> },
      ]}
    />
  );
}

/** A text box and its button, emptied once what it sent has landed. */
function TextForm({
  schema,
  label,
  hint,
  maxWidth,
  submit,
  onSend,
}: {
  schema: AnyObjectSchema;
  label: string;
  hint?: string;
  maxWidth: number;
  submit: string;
  onSend: (text: string) => Promise<boolean>;
}) {
  return (
    <Formik
      initialValues={{ text: '' }}
      validationSchema={schema}
      validateOnBlur
      validateOnChange={false}
      onSubmit={async ({ text }, { resetForm }) => {
        if (await onSend(text.trim())) resetForm();
      }}
    >
      {({ isSubmitting }) => (
        <Form noValidate>
          <FormTextArea name="text" label={label} hint={hint} required rows={4} maxWidth={maxWidth} />
          <div className="form-actions">
            <BusyButton type="submit" className="button primary" busy={isSubmitting}>
              {submit}
            </BusyButton>
          </div>
        </Form>
      )}
    </Formik>
  );
}

function Notes({ notes, onAdd }: { notes: ContactEntryView[]; onAdd: (text: string) => Promise<boolean> }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId}>{TEXT.notes}</h2>
      <p className="form-hint">{TEXT.notesHint}</p>
      {notes.length === 0 ? <p>{TEXT.noNotes}</p> : <Entries entries={notes} labelledBy={headingId} />}
      <TextForm
        schema={contactNoteSchema}
        label={TEXT.noteText}
        maxWidth={CONTACT_NOTE_MAX}
        submit={TEXT.addNote}
        onSend={onAdd}
      />
    </section>
  );
}

function Replies({
  replies,
  mayReply,
  waiting,
  onReply,
}: {
  replies: ContactEntryView[];
  mayReply: boolean;
  /** not taken yet: a reply comes after 指派給我 */
  waiting: boolean;
  onReply: (text: string) => Promise<boolean>;
}) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId}>{TEXT.reply}</h2>
      <p className="form-hint">{TEXT.replyHint}</p>
      {replies.length === 0 ? <p>{TEXT.noReplies}</p> : <Entries entries={replies} labelledBy={headingId} />}
      {mayReply ? (
        <TextForm
          schema={contactReplySchema.pick(['text'])}
          label={TEXT.replyText}
          maxWidth={CONTACT_REPLY_MAX}
          submit={TEXT.keepReply}
          onSend={onReply}
        />
      ) : (
        waiting && <p className="form-hint">{TEXT.replyWhen}</p>
      )}
    </section>
  );
}

function History({ found }: { found: ContactCase }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId}>{TEXT.history}</h2>
      {found.history.length === 0 ? (
        <p>{TEXT.noHistory}</p>
      ) : (
        <StaffTable
          labelledBy={headingId}
          rows={found.history}
          rowKey={(entry) => entry.id}
          rowHeader={{ header: TEXT.at, cell: (entry) => formatTaipeiSecond(entry.at) }}
          columns={[
            { header: TEXT.author, cell: (entry) => actorLabel(entry.actor) },
            { header: TEXT.did, cell: (entry) => auditActionLabel(entry.action) },
            { header: TEXT.detail, cell: (entry) => entry.detail ?? TEXT.none },
          ]}
        />
      )}
    </section>
  );
}
