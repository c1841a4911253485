/**
 * Build flags for what the app teaches.
 * @module
 */

/**
 * Whether this build carries the five lessons of issue 12 (identity-cas, zombie-unlock,
 * zombie-stale-read, same-token-order, lease-timer: their scenarios, quiz questions and real-systems
 * entries). The one-file build (`vite build --mode single`) leaves them out, as it leaves out German:
 * together they are about 12 KB gzip, and that file's budget is 200 KB. Outside Vite (tsx scripts)
 * `import.meta.env` is undefined and they are included.
 */
export const WITH_ISSUE12_LESSONS: boolean =
  // Vite's define makes it a boolean in a build; Vitest passes it on as the string "false".
  import.meta.env?.FENCING_LAB_SINGLE_FILE !== true && import.meta.env?.FENCING_LAB_SINGLE_FILE !== 'true';
