import { describe, expect, it } from 'vitest';
import { doctorFactory, laneFactory, slotLabels } from '../../../test/factories.ts';
import { ANY_DOCTOR, laneDoctors, timeChoices } from './booking-times.ts';

const ann = doctorFactory();
const ben = doctorFactory({ _id: '7d0c1c0e-0000-4000-8000-000000000002', name: 'Ben Brace' });
const [eight, halfPastEight, nine] = slotLabels;

describe('timeChoices', () => {
  const lanes = [laneFactory(ann, [nine, eight]), laneFactory(ben, [halfPastEight, nine])];

  it('offers every lane’s times for any doctor, in time order and each once', () => {
    expect(timeChoices(lanes, ANY_DOCTOR)).toEqual([eight, halfPastEight, nine]);
  });

  it('offers only the chosen doctor’s times', () => {
    expect(timeChoices(lanes, ben._id)).toEqual([halfPastEight, nine]);
  });
});

describe('laneDoctors', () => {
  it('lists the lanes’ doctors, marking one with no free time; none for a lane without one', () => {
    expect(laneDoctors([laneFactory(ann, []), laneFactory(ben, [eight])])).toEqual([
      { _id: ann._id, name: 'Ann Lee', hasFreeTimes: false },
      { _id: ben._id, name: 'Ben Brace', hasFreeTimes: true },
    ]);
    expect(laneDoctors([laneFactory(null, [eight])])).toEqual([]);
  });
});
