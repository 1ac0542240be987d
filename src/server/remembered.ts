/**
 * `compute` with its answers kept for up to `maxKeys` arguments (only those `keep` accepts); past that it
 * starts again empty, since an argument may come from a request. Only for pure functions of the argument
 * (a keyed hash, a signature check).
 */
export function remembered<T>(
  compute: (key: string) => T,
  maxKeys: number,
  keep: (answer: T) => boolean = () => true,
): (key: string) => T {
  const answers = new Map<string, T>();
  return (key) => {
    const held = answers.get(key);
    if (held !== undefined) return held;
    const answer = compute(key);
    if (!keep(answer)) return answer;
    if (answers.size >= maxKeys) answers.clear();
    answers.set(key, answer);
    return answer;
  };
}
