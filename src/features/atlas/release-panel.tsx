import { useEffect, useMemo, useRef, useState } from 'react';
import { DIFF_STYLE, DiffBadge, LineSample, REMOVED_OPACITY } from '../../../atlas-engine/diagram-svg';
import { diffDrawing } from '../../../atlas-engine/diff-drawing';
import { type Layout, layoutMachine } from '../../../atlas-engine/layout';
import type { ChangeKind, MachineDiff } from '../../../atlas-engine/machine-comparison';
import {
  changeCount,
  changeItem,
  changeItems,
  type ReleaseBaseline,
} from '../../../atlas-engine/release-changes';
import type { RegisteredMachine } from '../../../machine-paths/registry';
import { DiagramViewer } from './diagram-viewer';

/*
 * 自發布以來的變更: the machine against the release the running build was made from (the baseline the build
 * ships, machine-paths/release.json): which release, what was added, changed and removed since, drawn on the
 * diagram in three styles with a legend and listed by kind, and each machine's count in the machine list.
 * The route reads the release as the view is opened (?machine=cart&view=release: atlas-reads.ts).
 */

const TEXT = {
  heading: '自發布以來的變更',
  against: (version: string, commit: string) =>
    `與此建置所依據的發布版本 ${version}（commit ${commit}）比較。`,
  caption: (version: string, commit: string) => `發布版本 ${version}（${commit}）`,
  loading: '正在讀取發布版本的狀態機…',
  failure: '無法讀取發布版本的狀態機，請重新整理頁面再試一次。',
  laying: '正在排版狀態圖…',
  summary: (changed: number, total: number) =>
    changed === 0
      ? `${total} 個狀態機自發布以來都沒有變更。`
      : `${total} 個狀態機中有 ${changed} 個自發布以來有變更，狀態機清單上標示各自的變更數。`,
  removedMachines: (names: string) => `發布後移除的狀態機：${names}。`,
  none: '自發布以來，此狀態機沒有變更。',
  addedMachine: '此狀態機在發布版本中沒有，是發布後新增的。',
  legend: '圖例',
  legendHint: '點選圖例跳到該組清單。',
  legendItem: (label: string, line: string, count: number) => `${label}（${line}）：${count} 項`,
  group: (label: string, count: number) => `${label}：${count} 項`,
  empty: '沒有。',
  count: (n: number) => (n === 0 ? '無變更' : `${n} 項變更`),
  lines: { added: '粗實線', changed: '粗虛線', removed: '細點線、淡色' },
  meanings: {
    added: '發布後才有的狀態或轉換',
    changed: '發布時已有，之後改了種類、呼叫、目標、條件、延遲、動作或呼叫的 actor',
    removed: '發布時有、現在沒有的狀態或轉換，依發布版本畫出',
  },
} as const;

const KINDS: readonly ChangeKind[] = ['added', 'changed', 'removed'];
const shortCommit = (commit: string) => commit.slice(0, 7);

/** The release and every machine compared with it. */
export interface SinceRelease {
  release: ReleaseBaseline;
  diffs: MachineDiff[];
}

/** A machine's count of changes, for the machine list. */
export function ChangeCount({ since, entry }: { since: SinceRelease; entry: RegisteredMachine }) {
  const diff = since.diffs.find((d) => d.id === entry.id);
  const count = diff ? changeCount(diff) : 0;
  return (
    <small className="atlas-change-count" data-changes={count}>
      {TEXT.count(count)}
    </small>
  );
}

export function ReleasePanel({
  entry,
  layout,
  since,
}: {
  entry: RegisteredMachine;
  /** today's diagram, drawn as it is when nothing was removed since */
  layout: Layout;
  since: SinceRelease | 'failed' | null;
}) {
  const ready = since !== null && since !== 'failed' ? since : null;
  const diff = ready?.diffs.find((d) => d.id === entry.id);
  const drawing = useMemo(
    () =>
      diff &&
      diffDrawing(diff, (change) => {
        const item = changeItem(diff.id, change);
        return `${item.what} ${item.name}：${item.detail}`;
      }),
    [diff],
  );
  const marks = useMemo(
    () =>
      ready && drawing
        ? {
            diff: {
              ...drawing.marks,
              against: TEXT.caption(ready.release.version, shortCommit(ready.release.commit)),
            },
          }
        : undefined,
    [ready, drawing],
  );
  // what was removed is drawn from the release beside today's machine: a layout of its own
  const removed = drawing ? drawing.extras.states.length + drawing.extras.edges.length > 0 : false;
  const [own, setOwn] = useState<{ drawing: typeof drawing; layout: Layout } | null>(null);
  useEffect(() => {
    if (!drawing || !removed) return;
    let current = true;
    void layoutMachine(entry.machine, drawing.extras).then(
      (next) => current && setOwn({ drawing, layout: next }),
    );
    return () => {
      current = false;
    };
  }, [drawing, removed, entry]);
  const drawn = removed ? (own && own.drawing === drawing ? own.layout : null) : layout;

  const groupHeadings = useRef<Partial<Record<ChangeKind, HTMLHeadingElement | null>>>({});
  const items = diff ? changeItems(diff) : [];
  const changed = ready ? ready.diffs.filter((d) => d.kind !== 'unchanged' && d.kind !== 'removed') : [];
  const gone = ready ? ready.diffs.filter((d) => d.kind === 'removed') : [];

  return (
    <div className="atlas-split">
      <div>
        {ready && marks && drawn ? (
          <DiagramViewer
            layout={drawn}
            title={entry.title}
            marks={marks}
            fileName={`${entry.id}-since-${ready.release.version}`}
          />
        ) : (
          ready && (
            <p className="atlas-note" role="status">
              {TEXT.laying}
            </p>
          )
        )}
      </div>
      <div className="atlas-side" aria-busy={since === null}>
        <h2>{TEXT.heading}</h2>
        {since === 'failed' ? (
          <p className="diagram-error" role="alert">
            {TEXT.failure}
          </p>
        ) : !ready || !diff ? (
          <p className="atlas-note" role="status">
            {TEXT.loading}
          </p>
        ) : (
          <>
            <p className="atlas-note" data-testid="release-against">
              {TEXT.against(ready.release.version, shortCommit(ready.release.commit))}
            </p>
            <p className="atlas-note" data-testid="release-summary">
              {TEXT.summary(changed.length, ready.diffs.length - gone.length)}
              {gone.length > 0 && TEXT.removedMachines(gone.map((d) => `${d.title}（${d.id}）`).join('、'))}
            </p>
            {diff.kind === 'added' && <p className="atlas-note">{TEXT.addedMachine}</p>}
            {items.length === 0 ? (
              <p className="atlas-state" data-testid="release-none">
                {TEXT.none}
              </p>
            ) : (
              <>
                <h3 id="release-legend">{TEXT.legend}</h3>
                <p className="atlas-note">{TEXT.legendHint}</p>
                <ul className="atlas-legend" aria-labelledby="release-legend">
                  {KINDS.map((kind) => (
                    <li key={kind}>
                      <button
                        type="button"
                        className="atlas-path-button"
                        onClick={() => groupHeadings.current[kind]?.focus()}
                      >
                        <LineSample
                          line={DIFF_STYLE[kind]}
                          badge={<DiffBadge kind={kind} x={-2} y={10} />}
                          opacity={kind === 'removed' ? REMOVED_OPACITY : undefined}
                        />
                        {TEXT.legendItem(
                          DIFF_STYLE[kind].label,
                          TEXT.lines[kind],
                          items.filter((item) => item.kind === kind).length,
                        )}
                      </button>
                      <small className="atlas-path-key">{TEXT.meanings[kind]}</small>
                    </li>
                  ))}
                </ul>
                {KINDS.map((kind) => {
                  const group = items.filter((item) => item.kind === kind);
                  return (
                    <section key={kind} aria-labelledby={`release-${kind}`} data-testid={`release-${kind}`}>
                      <h3
                        id={`release-${kind}`}
                        tabIndex={-1}
                        ref={(node) => {
                          groupHeadings.current[kind] = node;
                        }}
                      >
                        {TEXT.group(DIFF_STYLE[kind].label, group.length)}
                      </h3>
                      {group.length === 0 ? (
                        <p className="atlas-note">{TEXT.empty}</p>
                      ) : (
                        <ul className="atlas-fourway">
                          {group.map((item) => (
                            <li key={item.key} data-change={kind}>
                              <span className="atlas-fourway-move">
                                {item.what} {item.name}
                              </span>
                              {item.detail && <span className="atlas-fourway-count">{item.detail}</span>}
                            </li>
                          ))}
                        </ul>
                      )}
                    </section>
                  );
                })}
              </>
            )}
          </>
        )}
      </div>
    </div>
  );
}
