/**
 * A strict reader of Prometheus's text exposition format (version 0.0.4), for tests: every line
 * must be a HELP, a TYPE or a sample of a declared family, or the parse throws naming the line.
 */
export interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

export interface Exposition {
  types: Map<string, string>;
  samples: Sample[];
  /** The sum of the samples named `name` whose labels include `labels` (0 when none). */
  value(name: string, labels?: Record<string, string>): number;
  /** Whether any sample is named `name` (with `labels`, if given). */
  has(name: string, labels?: Record<string, string>): boolean;
}

const NAME = '[a-zA-Z_:][a-zA-Z0-9_:]*';
const LABEL = `([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\\\\\n]|\\\\[\\\\"n])*)"`;
// Values as Prometheus reads them (Go's ParseFloat): Inf and NaN in any case (prom-client writes `Nan`).
const VALUE = '(?:[+-]?(?:\\d+\\.?\\d*(?:[eE][+-]?\\d+)?|\\.\\d+(?:[eE][+-]?\\d+)?)|[+-]?[iI][nN][fF]|[nN][aA][nN])';
const SAMPLE = new RegExp(`^(${NAME})(?:\\{((?:${LABEL})(?:,${LABEL})*,?)?\\})? (${VALUE})(?: -?\\d+)?$`);
const TYPES = new Set(['counter', 'gauge', 'histogram', 'summary', 'untyped']);
/** The sample names a family of each type may have. */
const SUFFIXES: Record<string, string[]> = {
  counter: [''],
  gauge: [''],
  untyped: [''],
  histogram: ['_bucket', '_sum', '_count'],
  summary: ['', '_sum', '_count'],
};

export function parsePrometheusText(text: string): Exposition {
  const types = new Map<string, string>();
  const samples: Sample[] = [];
  const lines = text.split('\n');
  if (lines.at(-1) !== '') throw new Error('the exposition does not end with a newline');
  for (const [index, line] of lines.slice(0, -1).entries()) {
    const where = `line ${index + 1}: ${line}`;
    if (line === '') continue;
    if (line.startsWith('#')) {
      const comment = new RegExp(`^# (HELP|TYPE) (${NAME}) (.*)$`).exec(line);
      if (!comment) throw new Error(`not a HELP or TYPE line (${where})`);
      if (comment[1] === 'TYPE') {
        if (!TYPES.has(comment[3]!)) throw new Error(`unknown type (${where})`);
        if (types.has(comment[2]!)) throw new Error(`family declared twice (${where})`);
        types.set(comment[2]!, comment[3]!);
      }
      continue;
    }
    const match = SAMPLE.exec(line);
    if (!match) throw new Error(`not a sample (${where})`);
    const name = match[1]!;
    const family = [...types].find(([base, type]) => SUFFIXES[type]!.some((suffix) => name === base + suffix));
    if (!family) throw new Error(`sample of no declared family (${where})`);
    const labels: Record<string, string> = {};
    for (const [, key, raw] of (match[2] ?? '').matchAll(new RegExp(LABEL, 'g'))) {
      labels[key!] = raw!.replaceAll('\\n', '\n').replaceAll('\\"', '"').replaceAll('\\\\', '\\');
    }
    const text = match.at(-1)!;
    const value = /inf$/i.test(text) ? (text.startsWith('-') ? -Infinity : Infinity) : /nan/i.test(text) ? Number.NaN : Number(text);
    samples.push({ name, labels, value });
  }
  const matching = (name: string, labels: Record<string, string> = {}) =>
    samples.filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v));
  return {
    types,
    samples,
    value: (name, labels) => matching(name, labels).reduce((sum, s) => sum + s.value, 0),
    has: (name, labels) => matching(name, labels).length > 0,
  };
}
