/** A labelled progress bar (0–100) that screen readers announce as a progressbar. */
export function ProgressBar({ value, label }: { value: number; label: string }) {
  const clamped = Math.max(0, Math.min(100, Math.round(value)));
  return (
    <div
      className="progress"
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={clamped}
    >
      {/* Width is set through the DOM (CSSOM), which the Content-Security-Policy allows. */}
      <div className="progress-fill" style={{ width: `${clamped}%` }} />
    </div>
  );
}
