/** A machine's context as a table: one row per key, values as short JSON (the whole of a long one on demand). */
export function ContextTable({ context }: { context: unknown }) {
  const entries =
    typeof context === 'object' && context !== null ? Object.entries(context as Record<string, unknown>) : [];
  if (entries.length === 0) return <p className="atlas-note">此流程沒有內容資料。</p>;
  return (
    <div className="table-scroll">
      <table className="atlas-table">
        <caption>內容（context）</caption>
        <thead>
          <tr>
            <th scope="col">欄位</th>
            <th scope="col">值</th>
          </tr>
        </thead>
        <tbody>
          {entries.map(([key, value]) => {
            const text = value === undefined ? '—' : JSON.stringify(value);
            return (
              <tr key={key}>
                <th scope="row">{key}</th>
                <td>
                  {text.length <= 60 ? (
                    <code>{text}</code>
                  ) : (
                    <details>
                      <summary>
                        <code>{`${text.slice(0, 59)}…`}</code>
                      </summary>
                      <pre>{JSON.stringify(value, null, 2)}</pre>
                    </details>
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
