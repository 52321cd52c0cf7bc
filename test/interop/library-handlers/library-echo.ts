/**
 * The `--impl` file `asmxgen serve` loads for the generated Library server in the interop tests: the handlers that
 * do what `../shared/wsdl-corpus/Library.asmx` does (GetBook's sample, the echoes, the headers), shared with the
 * transcript replay.
 */
import type { LibraryHandlers } from '../../golden/library/expected/index.js';
import { libraryHandlers } from '../../runtime/fixtures/library-handlers.js';

export const handlers: LibraryHandlers = libraryHandlers;
