import { useRouter, useRouterState } from '@tanstack/react-router';
import { Form, Formik } from 'formik';
import { useEffect, useId, useRef, useState } from 'react';
import { ApplicationRecordView, RosterTable } from '../../components/application-record';
import { BusyButton } from '../../components/busy-button';
import { FormDialog } from '../../components/form-dialog';
import { FormField } from '../../components/form-field';
import { StaffFailure, StaffReading } from '../../components/staff-states';
import { StaffTable } from '../../components/staff-table';
import type { ApplicationCase, CaseMoveOffer, MoveOvertaken } from '../../domain/api/application-case';
import {
  APPLICATION_NO,
  type OverprintDocument,
  PRINTED_AT_HEADER,
  type RosterEntry,
} from '../../domain/api/overprint';
import { actorLabel, auditActionLabel } from '../../domain/audit-actions';
import { RETURN_CODE } from '../../domain/envelope';
import { formatTaipeiSecond } from '../../domain/roc-date';
import { STAFF_PAGES, staffHref } from '../../domain/staff-pages';
import { ApiFailure } from '../../lib/api-client';
import { saveFile } from '../../lib/save-file';
import { failureMessage } from '../../lib/staff-api';
import { caseApi } from './case-api';
import { MoveNote, moveNoteSchema } from './move-note';

/*
 * 案件明細 (underwriter, service; docs/specification.md §6): one application as its documents print it,
 * the roster's ID numbers masked, its progress as the company reads it and what staff did with it. An
 * underwriter may open the full ID numbers (recorded with who and when) and make the moves the application
 * machine allows now, each with the note the company reads. Its documents download as the overprint prints
 * them; the 名冊, with full ID numbers, is offered to whom the server lets open them, and each print of it is
 * recorded. The 受理編號 is the address's `no`.
 */

const TEXT = {
  number: '受理編號',
  status: '目前狀態',
  open: '開啟案件',
  openHint: '例如 GI115112400001',
  badNumber: '請輸入正確的受理編號',
  reading: '案件',
  moves: '可執行的處理',
  movesHint: '每次處理都會記錄，說明會顯示在公司的進度查詢頁面。',
  moveTo: (to: string) => `改為「${to}」`,
  /** on the button of a move whose dialog asks for a 說明: staff know before they open it */
  needsNote: '（須填寫說明）',
  moved: (to: string) => `已改為「${to}」`,
  overtaken: (status: string) => `此案件已由他人更新，目前為「${status}」；以下為最新內容。`,
  confirm: '確認',
  cancel: '取消',
  roster: '被保險人名冊',
  /** the roster's scrolling box: named apart from its section */
  rosterTable: '名冊表格',
  rosterCaption: (count: number, whole: boolean) =>
    `被保險人名冊（共 ${count} 人；${whole ? '已顯示完整身分證字號，已記錄' : '身分證字號隱藏部分'}）`,
  reveal: '顯示完整身分證字號',
  revealHint: '開啟時會記錄您的帳號與時間於稽核紀錄。',
  noRoster: '此案件未附被保險人名冊。',
  documents: '文件',
  documentsHint: '與公司在「套印文件」下載的 PDF 相同。',
  document: { form: '要保書', summary: '投保申請摘要', roster: '被保險人名冊' } satisfies Record<
    OverprintDocument,
    string
  >,
  download: (name: string) => `下載${name} PDF`,
  downloaded: (name: string, at: string) => `已下載${name}（列印時間 ${at}）`,
  rosterPrintHint: '名冊含完整身分證字號與出生日期，每次列印都會記錄您的帳號與時間於稽核紀錄。',
  notDownloaded: (message: string) => `無法下載：${message}`,
  progress: '進度（公司所見）',
  at: '時間',
  note: '說明',
  noNote: '—',
  handling: '處理紀錄',
  noHandling: '尚無處理紀錄。',
  actor: '人員',
  action: '動作',
  refused: (message: string) => `未完成：${message}`,
} as const;

/** The 受理編號 of the address's query, upper-cased, when it is one. */
function numberOf(search: string): string | undefined {
  const no = new URLSearchParams(search).get('no')?.trim().toUpperCase();
  return no && APPLICATION_NO.test(no) ? no : undefined;
}

export function CaseScreen() {
  const search = useRouterState({ select: (s) => s.location.searchStr });
  const applicationNo = numberOf(search);
  return (
    <>
      <h1>{STAFF_PAGES.case.title}</h1>
      <OpenCase current={applicationNo} />
      {applicationNo && <CaseView key={applicationNo} applicationNo={applicationNo} />}
    </>
  );
}

function OpenCase({ current }: { current?: string }) {
  const router = useRouter();
  return (
    <Formik
      initialValues={{ no: current ?? '' }}
      enableReinitialize
      validate={({ no }) => (APPLICATION_NO.test(no.trim().toUpperCase()) ? {} : { no: TEXT.badNumber })}
      validateOnBlur={false}
      validateOnChange={false}
      onSubmit={({ no }) => router.history.push(staffHref('case', `?no=${no.trim().toUpperCase()}`))}
    >
      <Form noValidate className="staff-filter-form" aria-label={TEXT.open}>
        <FormField
          name="no"
          label={TEXT.number}
          hint={TEXT.openHint}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
        />
        <div className="form-actions">
          <button type="submit" className="button">
            {TEXT.open}
          </button>
        </div>
      </Form>
    </Formik>
  );
}

function CaseView({ applicationNo }: { applicationNo: string }) {
  const [found, setFound] = useState<ApplicationCase | null>(null);
  const [failure, setFailure] = useState('');
  const [notice, setNotice] = useState('');
  const [moving, setMoving] = useState<CaseMoveOffer | null>(null);
  const statusRef = useRef<HTMLParagraphElement>(null);
  /** counts the moves shown: each puts the focus on the status once the dialog has given it back */
  const [shownMoves, setShownMoves] = useState(0);
  useEffect(() => {
    if (shownMoves > 0) statusRef.current?.focus();
  }, [shownMoves]);

  const load = (then?: (read: ApplicationCase) => void) => {
    setFailure('');
    caseApi.read(applicationNo).then(
      (read) => {
        setFound(read);
        then?.(read);
      },
      (error: unknown) => setFailure(failureMessage(error)),
    );
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: read once per 受理編號 (the view is keyed by it)
  useEffect(() => load(), []);

  const done = (read: ApplicationCase, message: string) => {
    setMoving(null);
    setFound(read);
    setNotice(message);
    // the button of the move may be gone: the status that changed has the focus
    setShownMoves((n) => n + 1);
  };

  if (failure) return <StaffFailure message={failure} retry={() => load()} />;
  if (!found) return <StaffReading what={TEXT.reading} />;
  const { record } = found;
  return (
    <>
      <p className="staff-case-status" ref={statusRef} tabIndex={-1}>
        {`${TEXT.number} ${record.applicationNo}，${TEXT.status}：${record.status}`}
      </p>
      <p className="staff-notice" role="status">
        {notice}
      </p>
      {found.moves.length > 0 && <Moves moves={found.moves} onMove={setMoving} />}
      <ApplicationRecordView record={record} withRoster={false} />
      {/* an opening or a print of the full ID numbers is recorded: read the case again to list it */}
      <Roster applicationNo={applicationNo} found={found} onRecorded={() => load()} />
      <Documents applicationNo={applicationNo} found={found} onRecorded={() => load()} />
      <Progress found={found} />
      <Handling found={found} />
      {moving && (
        <MoveDialog
          applicationNo={applicationNo}
          version={found.version}
          move={moving}
          onClose={() => setMoving(null)}
          onMoved={(read) => done(read, TEXT.moved(moving.to))}
          onOvertaken={(now) => load((read) => done(read, TEXT.overtaken(now.status)))}
        />
      )}
    </>
  );
}

function Moves({ moves, onMove }: { moves: CaseMoveOffer[]; onMove: (move: CaseMoveOffer) => void }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId}>{TEXT.moves}</h2>
      <p className="form-hint">{TEXT.movesHint}</p>
      <div className="staff-actions">
        {moves.map((move) => (
          <button key={move.to} type="button" className="button" onClick={() => onMove(move)}>
            {TEXT.moveTo(move.to)}
            {move.noteRequired && TEXT.needsNote}
          </button>
        ))}
      </div>
    </section>
  );
}

/** The refusal's answer when another person moved the application first. */
const overtakenBy = (error: unknown): MoveOvertaken | undefined =>
  error instanceof ApiFailure && error.returnCode === RETURN_CODE.refused && error.data
    ? (error.data as MoveOvertaken)
    : undefined;

function MoveDialog({
  applicationNo,
  version,
  move,
  onClose,
  onMoved,
  onOvertaken,
}: {
  applicationNo: string;
  version: number;
  move: CaseMoveOffer;
  onClose: () => void;
  onMoved: (read: ApplicationCase) => void;
  onOvertaken: (now: MoveOvertaken) => void;
}) {
  const [failure, setFailure] = useState('');
  return (
    <FormDialog
      title={TEXT.moveTo(move.to)}
      initialValues={{ note: '' }}
      validationSchema={moveNoteSchema(move.noteRequired)}
      submit={TEXT.confirm}
      cancel={TEXT.cancel}
      failure={failure && TEXT.refused(failure)}
      onClose={onClose}
      onSubmit={async ({ note }) => {
        setFailure('');
        try {
          onMoved(await caseApi.move(applicationNo, { to: move.to, note: note.trim(), version }));
        } catch (error) {
          const overtaken = overtakenBy(error);
          if (overtaken) onOvertaken(overtaken);
          else setFailure(failureMessage(error));
        }
      }}
    >
      <MoveNote required={move.noteRequired} />
    </FormDialog>
  );
}

interface CasePartProps {
  applicationNo: string;
  found: ApplicationCase;
  /** the server recorded what this person did in the audit log */
  onRecorded: () => void;
}

function Roster({ applicationNo, found, onRecorded }: CasePartProps) {
  const [whole, setWhole] = useState<RosterEntry[] | null>(null);
  const [failure, setFailure] = useState('');
  const [opening, setOpening] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const headingId = useId();
  const roster = whole ?? found.record.roster;
  const reveal = async () => {
    setFailure('');
    setOpening(true);
    try {
      setWhole((await caseApi.revealRoster(applicationNo)).roster);
      onRecorded();
      // the button is gone: the roster it opened has the focus
      headingRef.current?.focus();
    } catch (error) {
      setFailure(failureMessage(error));
    } finally {
      setOpening(false);
    }
  };
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId} ref={headingRef} tabIndex={-1}>
        {TEXT.roster}
      </h2>
      {roster.length === 0 ? (
        <p>{TEXT.noRoster}</p>
      ) : (
        <>
          {found.mayRevealRoster && !whole && (
            <div className="staff-actions">
              <BusyButton type="button" className="button" busy={opening} onClick={reveal}>
                {TEXT.reveal}
              </BusyButton>
              <p className="form-hint">{TEXT.revealHint}</p>
            </div>
          )}
          {failure && (
            <p className="form-error" role="alert">
              {TEXT.refused(failure)}
            </p>
          )}
          <RosterTable
            label={TEXT.rosterTable}
            roster={roster}
            caption={TEXT.rosterCaption(roster.length, whole !== null)}
          />
        </>
      )}
    </section>
  );
}

/** The documents offered, in the order a case is handled: the 名冊 to whom may see it whole, when there is one. */
const offeredDocuments = ({ record, mayRevealRoster }: ApplicationCase): OverprintDocument[] =>
  mayRevealRoster && record.roster.length > 0 ? ['form', 'summary', 'roster'] : ['form', 'summary'];

function Documents({ applicationNo, found, onRecorded }: CasePartProps) {
  const headingId = useId();
  const [printing, setPrinting] = useState<ReadonlySet<OverprintDocument>>(new Set());
  const [failure, setFailure] = useState('');
  const [notice, setNotice] = useState('');
  const mark = (doc: OverprintDocument, busy: boolean) =>
    setPrinting((now) => {
      const next = new Set(now);
      if (busy) next.add(doc);
      else next.delete(doc);
      return next;
    });
  const download = async (doc: OverprintDocument) => {
    const name = TEXT.document[doc];
    setFailure('');
    setNotice('');
    mark(doc, true);
    try {
      const { blob, headers } = await caseApi.documents(applicationNo, [doc]);
      saveFile(blob, `${applicationNo}-${name}.pdf`);
      if (doc === 'roster') onRecorded();
      const printedAt = headers.get(PRINTED_AT_HEADER);
      setNotice(TEXT.downloaded(name, formatTaipeiSecond(printedAt ?? new Date().toISOString())));
    } catch (error) {
      setFailure(failureMessage(error));
    } finally {
      mark(doc, false);
    }
  };
  const documents = offeredDocuments(found);
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId}>{TEXT.documents}</h2>
      <p className="form-hint">{TEXT.documentsHint}</p>
      <div className="staff-actions">
        {documents.map((doc) => (
          <BusyButton key={doc} className="button" busy={printing.has(doc)} onClick={() => download(doc)}>
            {TEXT.download(TEXT.document[doc])}
          </BusyButton>
        ))}
      </div>
      {documents.includes('roster') && <p className="form-hint">{TEXT.rosterPrintHint}</p>}
      <p className="staff-notice" role="status">
        {notice}
      </p>
      {failure && (
        <p className="form-error" role="alert">
          {TEXT.notDownloaded(failure)}
        </p>
      )}
    </section>
  );
}

function Progress({ found }: { found: ApplicationCase }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId}>{TEXT.progress}</h2>
      <StaffTable
        labelledBy={headingId}
        rows={found.progress.map((event, index) => ({ ...event, key: String(index) }))}
        rowKey={(event) => event.key}
        rowHeader={{ header: TEXT.at, cell: (event) => formatTaipeiSecond(event.at) }}
        columns={[
          { header: TEXT.status, cell: (event) => event.status },
          { header: TEXT.note, cell: (event) => event.note ?? TEXT.noNote },
        ]}
      />
    </section>
  );
}

function Handling({ found }: { found: ApplicationCase }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId}>{TEXT.handling}</h2>
      {found.handling.length === 0 ? (
        <p>{TEXT.noHandling}</p>
      ) : (
        <StaffTable
          labelledBy={headingId}
          rows={found.handling}
          rowKey={(entry) => entry.id}
          rowHeader={{ header: TEXT.at, cell: (entry) => formatTaipeiSecond(entry.at) }}
          columns={[
            { header: TEXT.actor, cell: (entry) => actorLabel(entry.actor) },
            { header: TEXT.action, cell: (entry) => auditActionLabel(entry.action) },
            { header: TEXT.note, cell: (entry) => entry.detail },
          ]}
        />
      )}
    </section>
  );
}
