// Every rt:querystring case, collected for the registry.
import type { CaseDefinition } from '../case.js';
import { differentialCases } from './differential.js';
import { escapeUnescapeCases } from './escape-unescape.js';
import { moduleExportsCases } from './module-exports.js';
import { parseDecodingCases } from './parse-decoding.js';
import { parseDelimiterCases } from './parse-delimiters.js';
import { parseEmptyEntryCases } from './parse-empty-entries.js';
import { parseMaxKeysCases } from './parse-max-keys.js';
import { parsePlusCases } from './parse-plus.js';
import { parseRepeatedKeyCases } from './parse-repeated-keys.js';
import { parseResultCases } from './parse-result.js';
import { stringifyEncodingCases } from './stringify-encoding.js';
import { stringifyFormatCases } from './stringify-format.js';
import { stringifyValueCases } from './stringify-values.js';

export const cases: readonly CaseDefinition[] = [
  ...moduleExportsCases,
  ...parseResultCases,
  ...parseDelimiterCases,
  ...parseDecodingCases,
  ...parseMaxKeysCases,
  ...parseRepeatedKeyCases,
  ...parseEmptyEntryCases,
  ...parsePlusCases,
  ...stringifyFormatCases,
  ...stringifyValueCases,
  ...stringifyEncodingCases,
  ...escapeUnescapeCases,
  ...differentialCases,
];
