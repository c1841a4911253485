/** Modules made by the build's plugins (`src/build`). */
declare module 'virtual:fencing-lab/seed-trace' {
  /** The seed scenario's trace without its `scenario` field (see `seed-trace.ts`): a `Trace` minus `scenario`; `null` in the single-file build. */
  const trace: Record<string, unknown> | null;
  export default trace;
}
