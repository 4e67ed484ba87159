/** What shows while the first page's code arrives: a quiet spinner, never a blank screen. */
export function BootSpinner() {
  return (
    <div className="grid min-h-dvh place-items-center" role="status" aria-label="…">
      <span className="h-8 w-8 animate-spin rounded-full border-2 border-indigo-500 border-t-transparent" />
    </div>
  );
}
