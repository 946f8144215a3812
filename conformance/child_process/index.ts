// Every rt:child_process case, collected for the registry.
import type { CaseDefinition } from '../case.js';
import { abortCases } from './abort.js';
import { argumentPropertyCases } from './arguments-property.js';
import { commandLookupCases } from './command-lookup.js';
import { encodingCases } from './encoding.js';
import { execCallbackCases } from './exec-callback.js';
import { forkIpcCases } from './fork-ipc.js';
import { forkOptionCases } from './fork-options.js';
import { forkStdioCases } from './fork-stdio.js';
import { generalCases } from './general.js';
import { maxBufferCases } from './max-buffer.js';
import { processOptionCases } from './process-options.js';
import { promisifyCases } from './promisify.js';
import { shellCases } from './shell.js';
import { syncCases } from './sync.js';
import { timeoutCases } from './timeout.js';
import { windowsCases } from './windows.js';

export const cases: readonly CaseDefinition[] = [
  ...generalCases,
  ...execCallbackCases,
  ...shellCases,
  ...encodingCases,
  ...maxBufferCases,
  ...timeoutCases,
  ...abortCases,
  ...promisifyCases,
  ...commandLookupCases,
  ...processOptionCases,
  ...argumentPropertyCases,
  ...forkIpcCases,
  ...forkStdioCases,
  ...forkOptionCases,
  ...syncCases,
  ...windowsCases,
];
