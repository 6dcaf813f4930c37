/** Saves bytes or text as a file the browser downloads: a Blob URL behind an `<a download>`. */
export function downloadFile(name: string, data: Uint8Array | string, type: string): void {
  const blob = new Blob([typeof data === 'string' ? data : (data as Uint8Array<ArrayBuffer>)], { type });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked later, not at once: the download may not have read the Blob yet.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
