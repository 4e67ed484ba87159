/**
 * What shows while the first page's code arrives: a quiet spinner, never a blank screen. The
 * same markup is in index.html, painted before any script runs; keep the two alike.
 */
export function BootSpinner() {
  return (
    <div className="grid min-h-dvh place-items-center" role="status" aria-label="…">
      <svg className="h-8 w-8 animate-spin text-indigo-500" viewBox="0 0 32 32" aria-hidden="true">
        <circle
          cx="16"
          cy="16"
          r="13"
          fill="none"
          stroke="currentColor"
          strokeWidth="3"
          strokeLinecap="round"
          strokeDasharray="61 21"
        />
      </svg>
    </div>
  );
}
