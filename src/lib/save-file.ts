/** Hands a file to the browser's downloads under `name` (the overprint's PDF, a case's documents). */
export function saveFile(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // the download has taken the bytes once the click is handled
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
