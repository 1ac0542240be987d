import { Link } from '@tanstack/react-router';
import { useEffect, useMemo, useState } from 'react';
import { ScreenPage } from '../../components/screen-page';
import type { QuestionList } from '../../domain/api/content';
import { headingOf } from '../../domain/screens';
import { loadQuestions } from '../../features/content/content-api';
import { matchesQuery, queryWords } from '../../features/content/question-search';
import { answerOf, useScreenData } from '../../lib/screen-read';

/** The question an address's #anchor names. */
const anchorOf = () => decodeURIComponent(window.location.hash.slice(1));

/** The screen's lead paragraph (also the build's prerendered page). */
export const lead = '整理企業投保團體保險時最常詢問的問題；找不到答案時，歡迎留言詢問。';

/** 常見問題 (ODGAF094): the questions by topic, a search that filters as one types, each answer linkable. */
/** The questions by topic, read on entry (lib/screen-read.tsx). */
export const read = () => answerOf(loadQuestions());

export default function Questions() {
  const topics = useScreenData(read);
  return (
    <ScreenPage heading={headingOf('ODGAF094')} lead={lead}>
      <QuestionBrowser topics={topics} />
    </ScreenPage>
  );
}

function QuestionBrowser({ topics }: { topics: QuestionList }) {
  const [typed, setTyped] = useState('');
  // while an input method composes (注音, 倉頡), the box holds keys, not words: filter once it commits
  const [composing, setComposing] = useState(false);
  const [query, setQuery] = useState('');
  const [anchor, setAnchor] = useState(anchorOf);

  useEffect(() => {
    const follow = () => setAnchor(anchorOf());
    window.addEventListener('hashchange', follow);
    return () => window.removeEventListener('hashchange', follow);
  }, []);
  useEffect(() => {
    if (anchor) document.getElementById(anchor)?.scrollIntoView({ block: 'start' });
  }, [anchor]);

  const words = useMemo(() => queryWords(query), [query]);
  const shown = topics
    .map((topic) => ({
      ...topic,
      questions: topic.questions.filter((q) => matchesQuery(`${q.question}\n${q.answer}`, words)),
    }))
    .filter((topic) => topic.questions.length > 0);
  const count = shown.reduce((n, topic) => n + topic.questions.length, 0);

  return (
    <>
      <search className="form-field question-search">
        <label htmlFor="question-query">搜尋常見問題</label>
        <input
          id="question-query"
          type="search"
          value={typed}
          placeholder="例如：眷屬、理賠文件、投保始期"
          aria-describedby="question-count"
          onChange={(event) => {
            setTyped(event.target.value);
            if (!composing) setQuery(event.target.value);
          }}
          onCompositionStart={() => setComposing(true)}
          onCompositionEnd={(event) => {
            setComposing(false);
            setQuery(event.currentTarget.value);
          }}
        />
        <p id="question-count" role="status" className="form-hint">
          {words.length === 0 ? `共 ${count} 個問題` : `找到 ${count} 個符合的問題`}
        </p>
      </search>
      {count === 0 ? (
        <div className="notice">
          <p>找不到符合的問題，請換個關鍵字，或直接留言詢問。</p>
          <Link to="/contact" className="button">
            留言詢問
          </Link>
        </div>
      ) : (
        <nav aria-label="問題分類" className="question-topics">
          <ul>
            {shown.map((topic) => (
              <li key={topic.key}>
                <a href={`#topic-${topic.key}`}>
                  {topic.label}（{topic.questions.length}）
                </a>
              </li>
            ))}
          </ul>
        </nav>
      )}
      {shown.map((topic) => (
        <section key={topic.key} aria-labelledby={`topic-${topic.key}`} className="question-topic">
          <h2 id={`topic-${topic.key}`}>{topic.label}</h2>
          {topic.questions.map((q) => (
            <details key={q.id} id={q.id} className="question" open={q.id === anchor || undefined}>
              <summary>{q.question}</summary>
              <div className="answer">
                {q.answer.split(/\n{2,}/).map((paragraph) => (
                  <p key={paragraph}>{paragraph}</p>
                ))}
                <p className="question-link">
                  <a href={`#${q.id}`}>本題連結</a>
                </p>
              </div>
            </details>
          ))}
        </section>
      ))}
    </>
  );
}
