/** The test reader of Prometheus text refuses what Prometheus would, so passing it means something. */
import { describe, expect, it } from 'vitest';
import { parsePrometheusText } from './prometheus-text.ts';

const valid = [
  '# HELP requests Requests.',
  '# TYPE requests histogram',
  'requests_bucket{le="0.1",route="/api/booking/:id"} 3',
  'requests_bucket{le="+Inf",route="/api/booking/:id"} 4',
  'requests_sum{route="/api/booking/:id"} 0.25',
  'requests_count{route="/api/booking/:id"} 4',
  '# TYPE lag gauge',
  'lag Nan',
  'lag{quote="say \\"hi\\""} 1e-3',
  '',
].join('\n');

describe('parsePrometheusText', () => {
  it('reads families, samples, labels and values', () => {
    const text = parsePrometheusText(valid);
    expect(text.types).toEqual(new Map([['requests', 'histogram'], ['lag', 'gauge']]));
    expect(text.value('requests_count', { route: '/api/booking/:id' })).toBe(4);
    expect(text.value('requests_bucket', { le: '+Inf' })).toBe(4);
    expect(text.samples.find((s) => s.labels.quote)?.labels.quote).toBe('say "hi"');
    expect(text.value('lag', { quote: 'say "hi"' })).toBe(0.001);
  });

  it.each([
    ['a sample of an undeclared family', 'other 1\n'],
    ['a histogram sample without its suffix', '# TYPE h histogram\nh 1\n'],
    ['a value that is no number', '# TYPE g gauge\ng one\n'],
    ['an unquoted label', '# TYPE g gauge\ng{a=b} 1\n'],
    ['an unknown type', '# TYPE g meter\ng 1\n'],
    ['a family declared twice', '# TYPE g gauge\n# TYPE g gauge\ng 1\n'],
    ['no final newline', '# TYPE g gauge\ng 1'],
  ])('refuses %s', (_, text) => {
    expect(() => parsePrometheusText(text)).toThrow();
  });
});
