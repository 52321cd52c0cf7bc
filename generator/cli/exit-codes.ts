/** Process exit codes of every command. */
export const EXIT_OK = 0;
/** `check` found differences; `diff --fail-on` found a change at the level asked. */
export const EXIT_DIFFERENCES = 1;
/** Usage errors, invalid specs, unreadable input, unwritable output. */
export const EXIT_ERROR = 2;
