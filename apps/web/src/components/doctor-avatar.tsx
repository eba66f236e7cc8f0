import { useState } from 'react';

/** 'Ann Lee' -> 'AL', 'Dr. Bo' -> 'B': what stands in for a missing or broken photo. */
export function initialsOf(name: string): string {
  const words = name.split(/\s+/).filter((word) => word && !/^dr\.?$/i.test(word));
  return (
    words
      .slice(0, 2)
      .map((word) => word[0]!.toUpperCase())
      .join('') || '?'
  );
}

const AVATAR_SIZE = 32;

/** A doctor as the patient-facing lists give one: a name and a photo URL (possibly empty). */
export type AvatarDoctor = { name: string; img: string };

/**
 * A doctor's small round photo, or their initials when there is none or it does not load. It is
 * decoration beside the doctor's name, so it has no text of its own for screen readers.
 */
export function DoctorAvatar({ doctor }: { doctor: AvatarDoctor }) {
  const [hasFailed, setHasFailed] = useState(false);
  if (!doctor.img || hasFailed) {
    return (
      <span
        aria-hidden="true"
        className="flex h-8 w-8 items-center justify-center rounded-full bg-secondary text-xs font-semibold text-secondary-content ring-2 ring-base-100"
      >
        {initialsOf(doctor.name)}
      </span>
    );
  }
  return (
    <img
      src={doctor.img}
      alt=""
      width={AVATAR_SIZE}
      height={AVATAR_SIZE}
      decoding="async"
      onError={() => setHasFailed(true)}
      className="h-8 w-8 rounded-full object-cover ring-2 ring-base-100"
    />
  );
}
