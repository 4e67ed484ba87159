/**
 * A strict reader of the Prometheus text exposition format (version 0.0.4), for the metrics
 * test: every line must be a `# HELP`, a `# TYPE` or a sample of a declared family, with
 * well-formed names, label pairs and values; it throws on the first line that is not.
 */
export interface ExpositionFamily {
  name: string;
  help: string;
  type: 'counter' | 'gauge' | 'histogram' | 'summary' | 'untyped';
  samples: Array<{ name: string; labels: Record<string, string>; value: number }>;
}

const NAME = '[a-zA-Z_:][a-zA-Z0-9_:]*';
const LABEL = '[a-zA-Z_][a-zA-Z0-9_]*="(?:[^"\\\\\\n]|\\\\["\\\\n])*"';
const SAMPLE = new RegExp(`^(${NAME})(?:\\{((?:${LABEL})(?:,${LABEL})*)?,?\\})? (\\S+)(?: -?\\d+)?$`);
// Prometheus reads values with Go's ParseFloat, which takes NaN in any case: prom-client writes
// `Nan` (e.g. the event-loop lag percentiles before their first sample).
const VALUE = /^(?:[+-]?(?:\d+\.?\d*(?:[eE][+-]?\d+)?|\.\d+(?:[eE][+-]?\d+)?)|[+-]Inf|[Nn][Aa][Nn])$/;
const SUFFIXES: Record<ExpositionFamily['type'], string[]> = {
  counter: ['', '_total'],
  gauge: [''],
  untyped: [''],
  histogram: ['_bucket', '_sum', '_count'],
  summary: ['', '_sum', '_count'],
};

function parseValue(text: string): number {
  if (!VALUE.test(text)) throw new Error(`not a sample value: ${text}`);
  return text.endsWith('Inf') ? (text.startsWith('-') ? -Infinity : Infinity) : Number(text);
}

export function parseExposition(text: string): Map<string, ExpositionFamily> {
  const families = new Map<string, ExpositionFamily>();
  let current: ExpositionFamily | undefined;
  for (const line of text.split('\n')) {
    if (line === '') continue;
    const help = line.match(new RegExp(`^# HELP (${NAME}) (.*)$`));
    if (help?.[1]) {
      if (families.has(help[1])) throw new Error(`family ${help[1]} declared twice`);
      current = { name: help[1], help: help[2] ?? '', type: 'untyped', samples: [] };
      families.set(help[1], current);
      continue;
    }
    const type = line.match(new RegExp(`^# TYPE (${NAME}) (counter|gauge|histogram|summary|untyped)$`));
    if (type?.[1]) {
      if (current?.name !== type[1] || current.samples.length > 0) throw new Error(`TYPE out of place: ${line}`);
      current.type = type[2] as ExpositionFamily['type'];
      continue;
    }
    const sample = line.match(SAMPLE);
    if (!sample?.[1] || sample[3] === undefined) throw new Error(`not a valid exposition line: ${line}`);
    const name = sample[1];
    if (!current || !SUFFIXES[current.type].some((suffix) => name === `${current?.name}${suffix}`)) {
      throw new Error(`sample ${name} outside its family`);
    }
    const labels: Record<string, string> = {};
    for (const pair of (sample[2] ?? '').match(new RegExp(LABEL, 'g')) ?? []) {
      const at = pair.indexOf('=');
      labels[pair.slice(0, at)] = JSON.parse(pair.slice(at + 1));
    }
    current.samples.push({ name, labels, value: parseValue(sample[3]) });
  }
  return families;
}
