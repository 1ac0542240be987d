import { useRouter, useRouterState } from '@tanstack/react-router';
import { type FormEvent, type RefObject, useEffect, useId, useRef } from 'react';
import type { Layout } from '../../../atlas-engine/layout';
import { activeStateIds } from '../../../atlas-engine/simulation';
import { tracedEdge } from '../../../atlas-engine/traffic-marks';
import { machines, type RegisteredMachine } from '../../../machine-paths/registry';
import { BusyButton } from '../../components/busy-button';
import { StaffFilterFold } from '../../components/staff-list-filters';
import { pageCountOf, pageCountText, StaffPager } from '../../components/staff-pager';
import { StaffFailure, StaffReading } from '../../components/staff-states';
import { StaffTable } from '../../components/staff-table';
import { TableScroll } from '../../components/table-scroll';
import type { Journey, JourneysPage, JourneyTransition } from '../../domain/api/atlas';
import { formatTaipeiSecond } from '../../domain/roc-date';
import { TRACED_MACHINES } from '../../domain/trace';
import { failureMessage } from '../../lib/staff-api';
import { AtlasLink, type Go, journeysListOf, type ViewParams } from './atlas-links';
import type { Read } from './atlas-reads';
import { DiagramViewer } from './diagram-viewer';

/*
 * 訪客旅程 (issue 37): what one visitor did. The visitors of a period of Taipei days, newest first, each a
 * link to their journey: every transition they took, across machines, in time order, as a sequence with one
 * lane per machine; 上一步 and 下一步 play it on the diagrams, the atlas showing the step's machine with the
 * transition and the state it reached highlighted. Only what the traces hold: the anonymous id, the time,
 * machine, from, event and to; never a payload or the context. The list's period, machine and page, or the
 * visitor and the step, are the atlas's address (screens/staff/atlas.tsx), whose route reads the list or the
 * journey.
 */

const TEXT = {
  listHeading: '期間內的訪客',
  intro:
    '每位訪客以匿名代號表示（同一個瀏覽器工作階段為同一位訪客），只記錄流程走過的狀態轉換，不含輸入的內容。點選代號查看該訪客在各流程走過的每一步。',
  from: '起日',
  to: '迄日',
  flow: '流程',
  allFlows: '全部流程',
  search: '查詢',
  visitors: '訪客',
  visitor: '訪客代號',
  lastAt: '最後時間',
  firstAt: '首次時間',
  transitions: '轉換數',
  machines: '經過的流程',
  order: '依最後一次轉換的時間由新至舊排列；時間與轉換數只計此期間。',
  none: '此期間沒有訪客的紀錄。',
  back: '回到訪客列表',
  journey: '訪客旅程',
  journeyHeading: (visitor: string) => `訪客 ${visitor} 的旅程`,
  summary: (count: number, lanes: number, first: string, last: string) =>
    `${count} 個轉換、${lanes} 個流程，${first} 至 ${last}（台北時間）`,
  truncated: (shown: number, total: number) => `共 ${total} 個轉換，這裡只列出最早的 ${shown} 個。`,
  first: '第一步',
  previous: '上一步',
  next: '下一步',
  last: '最後一步',
  /** the step played: 「第 5 / 8 步：投保申請（shopcart） cart —plan.confirm→ details（2026-11-27 10:03:00）」 */
  played: (step: number, count: number, machine: string, move: string, time: string) =>
    `第 ${step} / ${count} 步：${machine} ${move}（${time}）`,
  step: (step: number) => `第 ${step} 步`,
  move: (from: string, event: string, to: string) => `${from} —${event}→ ${to}`,
  laying: '正在排版狀態圖…',
  notInAtlas: '這個流程已不在圖集中，無法在狀態圖上顯示這一步。',
  unmatched: '這一步對不上目前的狀態機（狀態機改版前的紀錄），狀態圖上只標示到達的狀態。',
  lanesHeading: '依時間排列的轉換',
  lanesHint: '每個流程一欄，由上而下依時間排列；點選步驟即在狀態圖上顯示該步。',
  lanesRegion: '訪客旅程的轉換（可左右捲動）',
  stepColumn: '步驟',
  time: '時間',
  machine: (title: string, id: string) => `${title}（${id}）`,
  unknownMachine: (id: string) => `${id}（已不在圖集中）`,
  /** a move's lane, named before it for a screen reader (and at phone width) */
  lane: (machine: string) => `${machine}：`,
} as const;

const entryOf = (id: string): RegisteredMachine | undefined => machines.find((m) => m.id === id);
const machineName = (id: string) => {
  const entry = entryOf(id);
  return entry ? TEXT.machine(entry.title, id) : TEXT.unknownMachine(id);
};

/** The list's query as the address holds it: the last 7 Taipei days and every machine unless given. */
function listQuery(params: ViewParams) {
  const query = journeysListOf(params);
  return { ...query, flow: (TRACED_MACHINES as readonly string[]).includes(query.flow) ? query.flow : '' };
}

/** Another try of what the route read: the route reads it again. */
function useRetry() {
  const router = useRouter();
  return () => void router.invalidate();
}

/** The list's own keys of the address, for the way back from a journey and a machine's link. */
const listParams = ({ visitor: _visitor, step: _step, ...rest }: ViewParams): ViewParams => rest;

export function JourneysPanel({
  entry,
  layout,
  params,
  go,
  list,
  journey,
}: {
  entry: RegisteredMachine;
  /** the layout of `entry`, once laid out */
  layout: Layout | null;
  params: ViewParams;
  go: Go;
  /** the list of the address's period, as the route read it */
  list: Read<JourneysPage> | undefined;
  /** the journey of the address's visitor, as the route read it */
  journey: Read<Journey> | undefined;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  const visitor = params.visitor;
  useHeadingFocus(visitor ? `journey ${visitor}` : 'list', heading);
  return visitor ? (
    <JourneyView
      key={visitor}
      entry={entry}
      layout={layout}
      params={params}
      go={go}
      read={journey}
      heading={heading}
    />
  ) : (
    <JourneyList entry={entry} params={params} go={go} read={list} heading={heading} />
  );
}

/** Whether anything in the page has had the focus yet: a view opened with the page keeps the browser's start. */
let focusUsed = false;
if (typeof document !== 'undefined')
  document.addEventListener('focusin', () => {
    focusUsed = true;
  });

/**
 * Moving to the list or a journey in the page (a link, Back): the link followed is gone with the view it was
 * in, so the new view's heading takes the focus, as a screen reader then says where the person is. A view
 * opened with the page keeps the browser's start, and a focus put elsewhere is left alone.
 */
function useHeadingFocus(view: string, heading: RefObject<HTMLHeadingElement | null>) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: on each view shown, the list or a visitor's journey
  useEffect(() => {
    const lost = !document.activeElement || document.activeElement === document.body;
    if (focusUsed && lost) heading.current?.focus();
  }, [view, heading]);
}

function JourneyList({
  entry,
  params,
  go,
  read,
  heading,
}: {
  entry: RegisteredMachine;
  params: ViewParams;
  go: Go;
  read: Read<JourneysPage> | undefined;
  heading: RefObject<HTMLHeadingElement | null>;
}) {
  const query = listQuery(params);
  const key = `${query.from}|${query.to}|${query.flow}|${query.page}`;
  const reading = useRouterState({ select: (state) => state.status === 'pending' });
  const failure = read?.error ? failureMessage(read.error) : '';
  const retry = useRetry();
  const headingId = useId();

  const search = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const value = (name: string) => String(form.get(name) ?? '');
    go(entry, 'journeys', { from: value('from'), to: value('to'), flow: value('flow') });
  };
  const page = read?.value;
  const pages = page ? pageCountOf(page.total, page.pageSize) : 1;
  return (
    <section aria-labelledby={headingId} className="atlas-journeys">
      <h2 id={headingId} ref={heading} tabIndex={-1}>
        {TEXT.listHeading}
      </h2>
      <p className="atlas-note">{TEXT.intro}</p>
      <StaffFilterFold level={3} active={[params.from, params.to, params.flow].filter(Boolean).length}>
        {(foldAgain) => (
          <form
            key={key}
            className="atlas-period"
            onSubmit={(event) => {
              search(event);
              foldAgain();
            }}
          >
            <label>
              {TEXT.from}
              <input type="date" name="from" defaultValue={query.from} />
            </label>
            <label>
              {TEXT.to}
              <input type="date" name="to" defaultValue={query.to} />
            </label>
            <label>
              {TEXT.flow}
              <select name="flow" defaultValue={query.flow}>
                <option value="">{TEXT.allFlows}</option>
                {TRACED_MACHINES.map((id) => (
                  <option key={id} value={id}>
                    {machineName(id)}
                  </option>
                ))}
              </select>
            </label>
            <button type="submit" className="button primary">
              {TEXT.search}
            </button>
          </form>
        )}
      </StaffFilterFold>
      {failure && <StaffFailure message={failure} retry={retry} />}
      {!failure && (reading || !read) && <StaffReading what={TEXT.visitors} />}
      {page && (
        <>
          <p data-testid="journeys-count">{pageCountText(page.total, page.page, pages)}</p>
          {page.visitors.length === 0 ? (
            <p>{TEXT.none}</p>
          ) : (
            <>
              <p className="atlas-note">{TEXT.order}</p>
              <StaffTable
                labelledBy={headingId}
                rows={page.visitors}
                rowKey={(row) => row.visitor}
                rowHeader={{
                  header: TEXT.visitor,
                  cell: (row) => (
                    <AtlasLink
                      entry={entryOf(row.machines[0] ?? '') ?? entry}
                      view="journeys"
                      params={{ ...listParams(params), visitor: row.visitor }}
                      go={go}
                      className="atlas-visitor"
                    >
                      {row.visitor}
                    </AtlasLink>
                  ),
                }}
                columns={[
                  { header: TEXT.lastAt, cell: (row) => formatTaipeiSecond(row.lastAt) },
                  { header: TEXT.firstAt, cell: (row) => formatTaipeiSecond(row.firstAt) },
                  { header: TEXT.transitions, cell: (row) => row.transitions },
                  { header: TEXT.machines, cell: (row) => row.machines.map(machineName).join('、') },
                ]}
              />
            </>
          )}
          <StaffPager
            page={page.page}
            pages={pages}
            onPage={(to) => go(entry, 'journeys', { ...listParams(params), page: String(to) })}
          />
        </>
      )}
    </section>
  );
}

/** The machines of a journey, in the order first taken: its lanes. */
const lanesOf = (journey: Journey) => [...new Set(journey.transitions.map((t) => t.machine))];

function JourneyView({
  entry,
  layout,
  params,
  go,
  read,
  heading,
}: {
  entry: RegisteredMachine;
  layout: Layout | null;
  params: ViewParams;
  go: Go;
  read: Read<Journey> | undefined;
  heading: RefObject<HTMLHeadingElement | null>;
}) {
  const visitor = params.visitor!;
  const journey = read?.value ?? null;
  const failure = read?.error ? failureMessage(read.error) : '';
  const retry = useRetry();
  const headingId = useId();
  const lanesId = useId();

  const count = journey?.transitions.length ?? 0;
  const asked = Number(params.step);
  const at = count === 0 ? 0 : Math.min(count, Math.max(1, Number.isInteger(asked) ? asked : 1)) - 1;
  const step = journey?.transitions[at];
  const stepEntry = step ? entryOf(step.machine) : undefined;
  const show = (index: number) =>
    go(
      entryOf(journey!.transitions[index]!.machine) ?? entry,
      'journeys',
      { ...params, step: String(index + 1) },
      { replace: true },
    );

  // the address names the step shown and its machine: the atlas then lays that machine out
  // biome-ignore lint/correctness/useExhaustiveDependencies: only when the step or the machine shown changes
  useEffect(() => {
    if (!step) return;
    const wanted = stepEntry ?? entry;
    if (wanted !== entry || params.step !== String(at + 1))
      go(wanted, 'journeys', { ...params, step: String(at + 1) }, { replace: true });
  }, [step, entry]);

  return (
    <section aria-labelledby={headingId} className="atlas-journeys">
      <p>
        <AtlasLink entry={entry} view="journeys" params={listParams(params)} go={go}>
          {TEXT.back}
        </AtlasLink>
      </p>
      <h2 id={headingId} ref={heading} tabIndex={-1} className="atlas-visitor">
        {TEXT.journeyHeading(visitor)}
      </h2>
      {failure && <StaffFailure message={failure} retry={retry} />}
      {!failure && !journey && <StaffReading what={TEXT.journey} />}
      {journey && step && (
        <>
          <p className="atlas-note" data-testid="journey-summary">
            {TEXT.summary(
              journey.total,
              lanesOf(journey).length,
              formatTaipeiSecond(journey.transitions[0]!.at),
              formatTaipeiSecond(journey.transitions.at(-1)!.at),
            )}
          </p>
          {journey.total > count && <p className="atlas-note">{TEXT.truncated(count, journey.total)}</p>}
          <div className="atlas-actions">
            <BusyButton className="button" busy={at === 0} onClick={() => show(0)}>
              {TEXT.first}
            </BusyButton>
            <BusyButton className="button" busy={at === 0} onClick={() => show(at - 1)}>
              {TEXT.previous}
            </BusyButton>
            <BusyButton className="button" busy={at === count - 1} onClick={() => show(at + 1)}>
              {TEXT.next}
            </BusyButton>
            <BusyButton className="button" busy={at === count - 1} onClick={() => show(count - 1)}>
              {TEXT.last}
            </BusyButton>
          </div>
          <p className="atlas-state" aria-live="polite" data-testid="journey-step">
            {TEXT.played(
              at + 1,
              count,
              machineName(step.machine),
              TEXT.move(step.from, step.event, step.to),
              formatTaipeiSecond(step.at),
            )}
          </p>
          <StepDiagram step={step} entry={stepEntry} layout={stepEntry === entry ? layout : null} />
          <h3 id={lanesId}>{TEXT.lanesHeading}</h3>
          <p className="atlas-note">{TEXT.lanesHint}</p>
          <Lanes journey={journey} at={at} onStep={show} labelledBy={lanesId} />
        </>
      )}
    </section>
  );
}

/** The step's machine drawn, the transition taken and the state it reached highlighted. */
function StepDiagram({
  step,
  entry,
  layout,
}: {
  step: JourneyTransition;
  entry: RegisteredMachine | undefined;
  layout: Layout | null;
}) {
  if (!entry) return <p className="atlas-note">{TEXT.notInAtlas}</p>;
  if (!layout)
    return (
      <p className="atlas-note" role="status">
        {TEXT.laying}
      </p>
    );
  const edge = tracedEdge(layout.graph, step.from, step.event, step.to);
  return (
    <>
      {!edge && <p className="atlas-note">{TEXT.unmatched}</p>}
      <DiagramViewer
        layout={layout}
        title={entry.title}
        marks={{
          activeStates: activeStateIds(layout.graph, step.to),
          activeEdges: new Set(edge ? [edge.id] : []),
        }}
        fileName={`${entry.id}-journey`}
      />
    </>
  );
}

/**
 * The journey as a sequence: a row per transition in time order, a column (lane) per machine, the move in its
 * machine's lane. A screen reader gets each row's step, time and, with the move, its machine's name (shown
 * above the move at phone width, where the lanes stack).
 */
function Lanes({
  journey,
  at,
  onStep,
  labelledBy,
}: {
  journey: Journey;
  at: number;
  onStep: (index: number) => void;
  labelledBy: string;
}) {
  const lanes = lanesOf(journey);
  return (
    <TableScroll label={TEXT.lanesRegion}>
      <table className="atlas-lanes" aria-labelledby={labelledBy} data-testid="journey-lanes">
        <thead>
          <tr>
            <th scope="col">{TEXT.stepColumn}</th>
            <th scope="col">{TEXT.time}</th>
            {lanes.map((id) => (
              <th key={id} scope="col">
                {machineName(id)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {journey.transitions.map((t, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a transition is its place in the journey
            <tr key={i} aria-current={i === at ? 'step' : undefined}>
              <th scope="row">
                <button type="button" className="atlas-path-button" onClick={() => onStep(i)}>
                  {TEXT.step(i + 1)}
                </button>
              </th>
              <td className="atlas-lane-time">{formatTaipeiSecond(t.at)}</td>
              {lanes.map((id) =>
                id === t.machine ? (
                  <td key={id} className="atlas-lane atlas-lane-move" data-lane={id}>
                    <span className="atlas-lane-name">{TEXT.lane(machineName(id))}</span>
                    <span className="atlas-move">{TEXT.move(t.from, t.event, t.to)}</span>
                  </td>
                ) : (
                  <td key={id} className="atlas-lane" />
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}
