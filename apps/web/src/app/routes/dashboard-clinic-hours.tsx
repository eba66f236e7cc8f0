import { TitledSection } from '../../components/ui/titled-section.tsx';
import { ScheduleExceptionsPanel } from '../../features/schedule/components/schedule-exceptions-panel.tsx';
import { WorkingHoursSection } from '../../features/schedule/components/working-hours-section.tsx';
import { usePageMeta } from '../../lib/use-page-meta.ts';

/**
 * Clinic Hours & Closures (admin): the clinic's weekly hours, which doctors follow unless they
 * keep their own, and its closures and special days.
 */
export default function DashboardClinicHoursRoute() {
  usePageMeta(
    'Clinic Hours & Closures - Doctors Portal',
    'The opening hours, holidays and closures of the Doctors Portal clinic.',
  );
  return (
    <section className="flex flex-col gap-8">
      <h2 className="text-xl font-semibold">Clinic Hours &amp; Closures</h2>
      <TitledSection title="Weekly hours" className="flex flex-col gap-3">
        <p className="text-sm opacity-80">
          Each day&apos;s opening times; the gaps between them are breaks, and a day with none is
          closed.
        </p>
        <WorkingHoursSection />
      </TitledSection>
      <TitledSection title="Closures and special hours" className="flex flex-col gap-3">
        <ScheduleExceptionsPanel />
      </TitledSection>
    </section>
  );
}
