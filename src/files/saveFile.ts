// Handing a file to the person: the browser's download of a Blob under its name (never rendered in the page).

/** Saves a Blob as a download named `name`. */
export function saveFile(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.rel = 'noopener';
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started by now; the URL only holds the Blob in memory.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
