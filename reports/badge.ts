// An SVG status badge per candidate ("rt conformance | 187/190"), coloured by the pass rate over normative rules,
// for a README or a release page. Static markup only: no script, no external references.
import { candidateLabel } from '../results/candidate-label.js';
import type { CandidateRun, RuleSummary } from '../results/results-file.js';
import { passRate, type PassRate } from '../results/verdict.js';
import { escapeXmlAttribute as attr, escapeXmlText as text } from './xml-escape.js';

const LABEL = 'rt conformance';
const HEIGHT = 20;
const PADDING = 6;

// Approximate advance widths of Verdana at 11px, the badge font: enough to size the boxes without a font engine.
const WIDTHS: ReadonlyMap<string, number> = new Map([
  [' ', 3.9], ['/', 4.9], ['.', 3.9], ['i', 3], ['l', 3], ['j', 3.8], ['f', 3.9], ['t', 4.3], ['r', 4.7], ['m', 10.7], ['w', 9],
]);

/**
 * The badge's colour for a pass rate (also the shields.io endpoint's, shields-endpoint.ts). Colours chosen so that
 * white text keeps a contrast of at least 4.5:1 on every one of them.
 */
export function colourOf(rate: PassRate): string {
  if (rate.evaluated === 0) return '#5f6b77';
  const share = rate.passed / rate.evaluated;
  if (share === 1) return '#1a7f37';
  if (share >= 0.95) return '#3f6f14';
  if (share >= 0.8) return '#8a5a00';
  if (share >= 0.5) return '#b04300';
  return '#c0202b';
}

/** The badge's value for a pass rate: `187/190`, or what the verdict is when nothing was evaluated. */
export function valueOf(rate: PassRate): string {
  switch (rate.verdict) {
    case 'not-provided':
      return 'not provided';
    case 'not-applicable':
      return 'n/a';
    case 'untested':
      return 'no cases';
    default:
      return `${rate.passed}/${rate.evaluated}`;
  }
}

function textWidth(value: string): number {
  let width = 0;
  for (const char of value) width += WIDTHS.get(char) ?? (/[0-9]/.test(char) ? 7 : /[A-Z]/.test(char) ? 7.5 : 6.6);
  return Math.ceil(width);
}

export interface BadgeOptions {
  /** The interface version the run certified against (`results.interface.version`): the label names it. */
  readonly interfaceVersion?: string;
}

/**
 * Renders the badge of one candidate.
 * @param run the candidate's results
 * @param rules the rules of the results file (the pass rate counts the normative ones)
 * @param options the certified interface version, if the run had `--interface`
 * @returns a standalone SVG document; the candidate name appears only escaped, in `<title>` and `aria-label`
 * @example
 * await writeFile('badge-reference.svg', renderBadge(results.runs[0], results.rules, { interfaceVersion: results.interface?.version }));
 */
export function renderBadge(run: CandidateRun, rules: readonly RuleSummary[], options: BadgeOptions = {}): string {
  const rate = passRate(run, rules);
  const value = valueOf(rate);
  // A version is a plain `vN.N.N` (results files are validated), but it is escaped below all the same.
  const label = options.interfaceVersion ? `${LABEL} ${options.interfaceVersion}` : LABEL;
  const labelWidth = textWidth(label) + 2 * PADDING;
  const valueWidth = textWidth(value) + 2 * PADDING;
  const width = labelWidth + valueWidth;
  const summary = rate.evaluated === 0 ? value : `${rate.passed} of ${rate.evaluated} normative rules pass`;
  const certified = options.interfaceVersion ? ` to interface ${options.interfaceVersion}` : '';
  const title = `rt conformance of ${candidateLabel(run.candidate)}${certified}: ${summary}`;
  const labelX = labelWidth / 2;
  const valueX = labelWidth + valueWidth / 2;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${HEIGHT}" role="img" aria-label="${attr(title)}">`,
    `<title>${text(title)}</title>`,
    '<linearGradient id="shade" x2="0" y2="100%"><stop offset="0" stop-color="#bbb" stop-opacity=".1"/><stop offset="1" stop-opacity=".1"/></linearGradient>',
    `<clipPath id="round"><rect width="${width}" height="${HEIGHT}" rx="3" fill="#fff"/></clipPath>`,
    '<g clip-path="url(#round)">',
    `<rect width="${labelWidth}" height="${HEIGHT}" fill="#444d56"/>`,
    `<rect x="${labelWidth}" width="${valueWidth}" height="${HEIGHT}" fill="${colourOf(rate)}"/>`,
    `<rect width="${width}" height="${HEIGHT}" fill="url(#shade)"/>`,
    '</g>',
    '<g fill="#fff" text-anchor="middle" font-family="Verdana,Geneva,DejaVu Sans,sans-serif" font-size="11">',
    `<text x="${labelX}" y="15" fill="#010101" fill-opacity=".3" aria-hidden="true">${text(label)}</text>`,
    `<text x="${labelX}" y="14">${text(label)}</text>`,
    `<text x="${valueX}" y="15" fill="#010101" fill-opacity=".3" aria-hidden="true">${text(value)}</text>`,
    `<text x="${valueX}" y="14">${text(value)}</text>`,
    '</g>',
    '</svg>',
    '',
  ].join('\n');
}
