import { describe, expect, it } from 'vitest';
import { DEFAULT_MEDICAL_HISTORY } from '@clinic/shared';
import {
  blankQuestion,
  changeQuestion,
  draftErrors,
  draftOf,
  idFromLabel,
  inputOf,
  moveQuestion,
} from './form-draft.ts';

describe('draftOf and inputOf', () => {
  it('give back the form they were made of', () => {
    expect(inputOf(draftOf(DEFAULT_MEDICAL_HISTORY))).toEqual(DEFAULT_MEDICAL_HISTORY);
  });

  it('give a new question an id from its label, unique, and options from the lines given', () => {
    const draft = draftOf({ title: 'History', questions: [{ id: 'allergies', kind: 'yesno', label: 'Allergies?', required: true }] });
    draft.questions.push(
      { ...blankQuestion(), kind: 'choice', label: 'Allergies?', optionsText: ' Latex \n\nPenicillin\n', alertWhen: 'Latex' },
      { ...blankQuestion(), label: 'Allergies?' },
    );
    expect(inputOf(draft).questions.slice(1)).toEqual([
      { id: 'allergies-2', kind: 'choice', label: 'Allergies?', required: false, options: ['Latex', 'Penicillin'], alert: { when: 'Latex' } },
      { id: 'allergies-3', kind: 'yesno', label: 'Allergies?', required: false },
    ]);
  });
});

describe('idFromLabel', () => {
  it('is lower-case letters, digits and dashes, at most 40, never empty', () => {
    expect(idFromLabel('Do you take blood thinners (anticoagulants, aspirin)?', new Set())).toBe('do-you-take-blood-thinners-anticoagulant');
    expect(idFromLabel('¿?', new Set())).toBe('question');
    expect(idFromLabel('Été', new Set(['ete']))).toBe('ete-2');
  });
});

describe('changeQuestion', () => {
  it('lets the alert go when its answer is no longer offered', () => {
    const choice = { ...blankQuestion(), kind: 'choice' as const, label: 'Smoke?', optionsText: 'No\nDaily', alertWhen: 'Daily' };
    expect(changeQuestion(choice, { optionsText: 'No\nDaily\nSometimes' }).alertWhen).toBe('Daily');
    expect(changeQuestion(choice, { optionsText: 'No\nSometimes' }).alertWhen).toBe('');
    expect(changeQuestion(choice, { kind: 'text' }).alertWhen).toBe('');
    const yesno = { ...blankQuestion(), label: 'Heart?', alertWhen: 'yes' };
    expect(changeQuestion(yesno, { required: true }).alertWhen).toBe('yes');
  });
});

describe('moveQuestion', () => {
  it('swaps with the neighbour, and leaves the ends as they are', () => {
    expect(moveQuestion(['a', 'b', 'c'], 1, -1)).toEqual(['b', 'a', 'c']);
    expect(moveQuestion(['a', 'b', 'c'], 1, 1)).toEqual(['a', 'c', 'b']);
    expect(moveQuestion(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c']);
    expect(moveQuestion(['a', 'b', 'c'], 2, 1)).toEqual(['a', 'b', 'c']);
  });
});

describe('draftErrors', () => {
  it("keys the shared schema's messages as the server does", () => {
    const draft = draftOf({ title: '', questions: [] });
    expect(draftErrors(draft)).toEqual({ title: 'The title is required', questions: 'A form needs at least one question' });
    draft.title = 'History';
    draft.questions.push({ ...blankQuestion(), kind: 'multi', optionsText: 'Only one' });
    expect(draftErrors(draft)).toEqual({
      'questions.0.label': 'A question is required',
      'questions.0.options': 'A choice needs at least two options',
    });
  });
});
