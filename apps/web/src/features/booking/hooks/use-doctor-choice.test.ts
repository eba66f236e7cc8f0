import { describe, expect, it } from 'vitest';
import { doctorFactory, laneFactory } from '../../../test/factories.ts';
import { ANY_DOCTOR, slotChoices } from './use-doctor-choice.ts';

const ann = doctorFactory();
const bo = doctorFactory({ _id: '7d0c1c0e-0000-4000-8000-000000000002', name: 'Bo Chen' });
const hourLong = ['08.00 AM - 09.00 AM', '09.00 AM - 10.00 AM', '01.00 PM - 02.00 PM'];

describe('slotChoices', () => {
  const lanes = [
    laneFactory(ann, ['01.00 PM - 02.00 PM', '09.00 AM - 10.00 AM']),
    laneFactory(bo, ['09.00 AM - 10.00 AM', '08.00 AM - 09.00 AM']),
  ];

  it("with any doctor: every lane's slots, each once, in time order (PM after AM)", () => {
    expect(slotChoices(lanes, ANY_DOCTOR)).toEqual(hourLong);
  });

  it("with one doctor: only that doctor's lane, in time order", () => {
    expect(slotChoices(lanes, bo._id)).toEqual(['08.00 AM - 09.00 AM', '09.00 AM - 10.00 AM']);
    expect(slotChoices(lanes, ann._id)).toEqual(['09.00 AM - 10.00 AM', '01.00 PM - 02.00 PM']);
  });

  it('offers nothing for a doctor who has no lane that day, or when no lane has a slot', () => {
    expect(slotChoices(lanes, '7d0c1c0e-0000-4000-8000-00000000000f')).toEqual([]);
    expect(slotChoices([laneFactory(ann, []), laneFactory(bo, [])], ANY_DOCTOR)).toEqual([]);
  });
});
