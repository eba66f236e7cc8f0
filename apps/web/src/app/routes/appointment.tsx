import { useQueryClient } from '@tanstack/react-query';
import { meQueryKey, useMe } from '../../features/auth/api/get-me.ts';
import { AppointmentCalendar } from '../../features/booking/components/appointment-calendar.tsx';
import { AvailableAppointments } from '../../features/booking/components/available-appointments.tsx';
import { useSelectedDate } from '../../features/booking/hooks/use-selected-date.ts';
import { useDependents } from '../../features/families/api/get-dependents.ts';
import { joinWaitlistHref } from '../../features/waitlist/utils/join-link.ts';
import { usePageMeta } from '../../lib/use-page-meta.ts';

/**
 * The booking page (spec section 2): a date picker, then the treatments with free slots that day;
 * a treatment with none links to My Waitlist's join form for it, from that day. The day lives in
 * `?date=` (the home hero's calendar links here with one). Signed out, the route guard sends the
 * visitor through /login and back here. The dialog's phone starts as the account's, and a phone
 * kept on the account at a booking goes into the cached account for the next one. The account's
 * family members, asked for as the page opens, let the dialog ask who a booking is for (none, or
 * a failure to ask, leaves the dialog as the spec's).
 */
export default function AppointmentRoute() {
  usePageMeta(
    'Appointment - Doctors Portal',
    'Pick a date and book a dental treatment at a time that suits you.',
  );
  // RequireAuth renders this page only once the signed-in user is known.
  const me = useMe();
  const queryClient = useQueryClient();
  const { date, today, setDate } = useSelectedDate();
  const dependents = useDependents(Boolean(me.data));
  if (!me.data) return null;

  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-12 px-4 py-12">
      <div className="flex justify-center">
        <AppointmentCalendar date={date} today={today} onChange={setDate} />
      </div>
      <AvailableAppointments
        date={date}
        patient={{ name: me.data.name, email: me.data.email, phone: me.data.phone }}
        joinWaitlistHref={joinWaitlistHref}
        onPhoneRemembered={(account) => queryClient.setQueryData(meQueryKey, account)}
        dependents={dependents.data}
      />
    </div>
  );
}
