/** Shown while the first screen's code loads (same look as the splash in index.html). */
export function BootSplash() {
  return (
    <div className="boot-splash" role="status">
      …
    </div>
  );
}
